/**
 * The media library's upload form refuses before it sends (spec §4 Media upload, §9): no file, a file
 * over the size limit (the spec's message, the input cleared) and no session each show their message
 * and nothing goes to the server. A browser needs nothing more to show these rules, so they are
 * checked here and not in Chromium, where the over-limit file alone was 5 MB handed to the page
 * (decision 055). Uploads the server takes or refuses are e2e/media.spec.ts's.
 */
import { DEFAULT_SETTINGS, uploadTooLargeMessage } from '@rome/contract';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { componentHost } from '../../lib/component-host';
import { UploadForm } from './UploadForm';

const host = componentHost();
/** Requests the form sent (none is expected; the website settings' read, for the limit, aside). */
const sent: string[] = [];

beforeEach(() => {
  sent.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    // The settings as the seeded shop answers them: the default limit of 5 MB.
    if (String(url).startsWith('/api/website-settings/')) return json(200, { data: DEFAULT_SETTINGS });
    sent.push(String(url));
    return json(404, { error: 'Not found.' });
  });
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      open(_method: string, url: string) {
        sent.push(url);
      }
      send() {}
      setRequestHeader() {}
      addEventListener() {}
      upload = { addEventListener() {} };
    },
  );
});

async function renderForm() {
  await host.render(<UploadForm title="Upload media" onUploaded={() => {}} onCancel={() => {}} />);
}

const fileInput = () => host.el.querySelector<HTMLInputElement>('input[type="file"]')!;
const labelled = (label: string) =>
  [...host.el.querySelectorAll('label')]
    .find((l) => l.firstChild?.textContent?.trim() === label)!
    .querySelector<HTMLInputElement | HTMLSelectElement>('input, select')!;
const alertText = () => host.el.querySelector('[role="alert"]')?.textContent ?? null;
const upload = () =>
  act(async () => [...host.el.querySelectorAll('button')].find((b) => b.textContent === 'Upload')!.click());

/**
 * Chooses `file` in the form's file input, as a person picking it does: the input holds the file and
 * shows its name (jsdom lets no script put a file there, so both are stood in for on the element).
 */
async function choose(file: File) {
  const input = fileInput();
  let value = `C:\\fakepath\\${file.name}`;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  Object.defineProperty(input, 'value', {
    get: () => value,
    set: (v: string) => {
      value = v;
    },
    configurable: true,
  });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

describe('the media library upload form', () => {
  it("says 'Please select a file' without a file", async () => {
    await renderForm();
    await upload();
    expect(alertText()).toBe('Please select a file');
    expect(sent).toEqual([]);
  });

  it("refuses a file over the limit with the spec's message and clears the input", async () => {
    await renderForm();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 300 * 1024)], 'huge.bin', {
      type: 'application/octet-stream',
    });
    const expected = uploadTooLargeMessage(big.size, DEFAULT_SETTINGS.max_image_upload_size_mb);
    expect(expected).toMatch(/^File size \(\d+\.\d\d MB\) exceeds the maximum limit of 5 MB$/);
    await choose(big);
    expect(alertText()).toBe(expected);
    expect(fileInput().value).toBe('');
    // Nothing chosen stays behind the cleared input.
    await upload();
    expect(alertText()).toBe('Please select a file');
    expect(sent).toEqual([]);
  });

  it('takes any file type (a text file is "other", named from the file) and asks for a session before sending', async () => {
    await renderForm();
    await choose(new File(['Bus stops near Termini'], 'notes-e2e.txt', { type: 'text/plain' }));
    expect(alertText()).toBeNull();
    expect(labelled('Name').value).toBe('notes-e2e');
    expect(labelled('Media type').value).toBe('other');
    // No session (another tab signed out and cleared the shared storage): refused before it is sent.
    await upload();
    expect(alertText()).toBe('Authentication required - Please log in');
    expect(sent).toEqual([]);
  });
});
