import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { displayNameOf, type StaffMember } from '#shared/users';
import { toast } from '../../../../common/toast';
import { input, label as labelClass } from '../../../lib/ui';
import { useStaffQuery } from '../../users/api/users.queries';
import { useSetAssignee } from '../api/thread.queries';

const NOBODY = '';

/**
 * Who handles the enquiry, chosen from the active staff (or nobody), each
 * by their display name and username. The colleague it is given to is
 * e-mailed by the server. An owner no longer on the staff list stays shown
 * (by the name the enquiry's `assignee` carries) until someone else is chosen.
 */
export function AssigneeSelect({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const staff = useStaffQuery();
  const assigning = useSetAssignee();
  const id = `assignee-${contact.id}`;
  const current = contact.assignee;
  const people: StaffMember[] = [...(staff.data ?? [])];
  if (current && !people.some((p) => p.id === current.id)) people.push(current);

  const choose = (value: string) => {
    const userId = value === NOBODY ? null : Number(value);
    const person = people.find((p) => p.id === userId);
    const who = person && displayNameOf(person);
    assigning.mutate(
      { id: contact.id, userId },
      {
        onSuccess: () =>
          toast.success(
            who ? t('admin.toast.assigned', { username: who }) : t('admin.toast.unassigned'),
          ),
        onError: (e) => toast.failure(t, e, 'admin.errors.updateContact'),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className={`${labelClass} text-slate-700`}>
        {t('admin.contacts.assignee.label')}
        <span className="sr-only">: {contact.name}</span>
      </label>
      <select
        id={id}
        data-testid="assignee-select"
        value={current ? String(current.id) : NOBODY}
        aria-busy={assigning.isPending || undefined}
        disabled={assigning.isPending}
        onChange={(e) => choose(e.target.value)}
        className={`${input} py-1 sm:w-64`}
      >
        <option value={NOBODY}>{t('admin.contacts.assignee.nobody')}</option>
        {people.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {person.name ? `${person.name} (${person.username})` : person.username}
          </option>
        ))}
      </select>
    </div>
  );
}
