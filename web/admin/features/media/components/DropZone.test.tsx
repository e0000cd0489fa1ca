// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Upload } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#shared/media';
import { held, json } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { DropZone } from './DropZone';

quietToasts();

const stored = (name: string, type: MediaItem['type']): MediaItem => ({
  id: 7,
  url: `/media/7/${name}`,
  width: null,
  height: null,
  type,
  poster_url: null,
  name,
  bytes: 1000,
  created_at: '2026-11-20T10:00:00.000Z',
  used_by: [],
});

/** `POST /api/media` answered by `answer`; the names of the files sent are recorded. */
function stubUpload(answer: () => Response | Promise<Response>) {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/media' || init?.method !== 'POST') return json(404, { error: 'Not found' });
      sent.push(((init.body as FormData).get('file') as File).name);
      return answer();
    }),
  );
  return sent;
}

const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.7'], name, { type });

function renderZone(
  onUploaded: (item: MediaItem) => string | void = () => undefined,
  onPending?: (pending: boolean) => void,
) {
  return renderAdmin(
    <DropZone
      testId="drop-zone"
      accept="application/pdf"
      hint="Drop a document here, or:"
      icon={Upload}
      pickLabel="Upload a file"
      onUploaded={onUploaded}
      onPending={onPending}
    >
      <button type="button">Media library</button>
    </DropZone>,
  );
}

describe('DropZone', () => {
  it('uploads a picked file, described by the hint, and tells what the library took', async () => {
    const sent = stubUpload(() => json(201, { data: stored('sheet.pdf', 'application/pdf') }));
    const onUploaded = vi.fn();
    renderZone(onUploaded);
    const picker = screen.getByLabelText('Upload a file') as HTMLInputElement;
    expect(picker.type).toBe('file');
    expect(picker.accept).toBe('application/pdf');
    expect(picker.getAttribute('aria-describedby')).toBe(
      screen.getByText('Drop a document here, or:').id,
    );
    // What the zone is given sits beside the picker.
    expect(screen.getByRole('button', { name: 'Media library' })).toBeTruthy();

    fireEvent.change(picker, { target: { files: [file('sheet.pdf')] } });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledOnce());
    expect(onUploaded.mock.calls[0]![0]).toMatchObject({ name: 'sheet.pdf' });
    expect(sent).toEqual(['sheet.pdf']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lights up while a file is over it and uploads the one dropped, one at a time', async () => {
    const answer = held<Response>();
    const sent = stubUpload(() => answer.promise);
    renderZone();
    const zone = screen.getByTestId('drop-zone');
    fireEvent.dragOver(zone);
    expect(zone.className).toContain('border-sky-600');
    fireEvent.dragLeave(zone);
    expect(zone.className).toContain('border-slate-300');

    fireEvent.dragOver(zone);
    fireEvent.drop(zone, { dataTransfer: { files: [file('first.pdf')] } });
    expect(zone.className).toContain('border-slate-300');
    // While it goes up the picker says so and takes nothing more, nor does a second drop.
    expect(await screen.findByText('Uploading...')).toBeTruthy();
    expect((screen.getByLabelText('Uploading...') as HTMLInputElement).disabled).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [file('second.pdf')] } });
    answer.release(json(201, { data: stored('first.pdf', 'application/pdf') }));
    expect(await screen.findByText('Upload a file')).toBeTruthy();
    expect(sent).toEqual(['first.pdf']);
  });

  it("shows the server's reason for a refusal, and the text the caller answers", async () => {
    let refuse = true;
    stubUpload(() =>
      refuse
        ? json(413, { error: 'The file is larger than 10 MB' })
        : json(201, { data: stored('notes.pdf', 'application/pdf') }),
    );
    renderZone(() => 'This file is not an image.');
    const picker = screen.getByLabelText('Upload a file');
    fireEvent.change(picker, { target: { files: [file('huge.pdf')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is larger than 10 MB');

    // The next try starts without the old message and shows its own.
    refuse = false;
    fireEvent.change(picker, { target: { files: [file('notes.pdf')] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This file is not an image.'),
    );
  });

  it('tells when an upload starts and when it is over, or the zone goes before', async () => {
    const answer = held<Response>();
    stubUpload(() => answer.promise);
    const onPending = vi.fn();
    const zone = renderZone(undefined, onPending);
    fireEvent.change(screen.getByLabelText('Upload a file'), {
      target: { files: [file('first.pdf')] },
    });
    await waitFor(() => expect(onPending.mock.calls).toEqual([[true]]));
    answer.release(json(201, { data: stored('first.pdf', 'application/pdf') }));
    await waitFor(() => expect(onPending.mock.calls).toEqual([[true], [false]]));

    onPending.mockClear();
    stubUpload(() => new Promise<Response>(() => undefined));
    fireEvent.change(screen.getByLabelText('Upload a file'), {
      target: { files: [file('second.pdf')] },
    });
    await waitFor(() => expect(onPending.mock.calls).toEqual([[true]]));
    zone.unmount();
    expect(onPending.mock.calls).toEqual([[true], [false]]);
  });
});
