import { PRODUCT_NAME } from '@rome/contract';

/**
 * Spec §2: /test is outside the main layout and its content is not shown; the page still has a main
 * landmark and a heading for assistive technology.
 */
export default function TestPage() {
  return (
    <main className="sr-only">
      <h1>{PRODUCT_NAME}</h1>
    </main>
  );
}
