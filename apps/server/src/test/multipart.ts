/** Builds a multipart/form-data body for app.inject, the way a browser's FormData sends it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): Promise<{ headers: Record<string, string>; payload: Buffer }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  };
}
