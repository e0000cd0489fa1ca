import { useState } from 'react';
import type { InvitationSent } from '#shared/users';
import { LoadingScreen } from '../../dashboard/components/LoadingScreen';
import { useAccountsQuery, useInvitationsQuery } from '../api/users.queries';
import { AccountList } from './AccountList';
import { InvitationLink } from './InvitationLink';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';

/** The Users page: invite, the pending invitations, every account. */
export function UsersManager({ me }: { me: string }) {
  const accounts = useAccountsQuery();
  const invitations = useInvitationsQuery();
  // With e-mail off, the last invitation's link waits here to be passed on.
  const [link, setLink] = useState<InvitationSent | null>(null);
  const shown = (sent: InvitationSent) => setLink(sent.invitation_url ? sent : null);

  if (accounts.isPending || invitations.isPending) return <LoadingScreen inline />;
  return (
    <div className="grid max-w-5xl gap-6">
      <InviteForm onSent={shown} />
      {link && <InvitationLink sent={link} onClose={() => setLink(null)} />}
      <InvitationList invitations={invitations.data ?? []} onSent={shown} />
      <AccountList accounts={accounts.data ?? []} invitations={invitations.data ?? []} me={me} />
    </div>
  );
}
