/** A page whose feature lands with a later issue: it says so plainly instead of showing nothing. */
export function Placeholder({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand">{title}</h1>
      <p className="mt-4 text-stone-600">This part of the shop is coming soon.</p>
    </main>
  );
}
