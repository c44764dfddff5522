import { NotFound } from '../../components/NotFound';

/** The route table's catch-all page; other pages show the same content for things that do not exist. */
export default function NotFoundPage() {
  return <NotFound />;
}
