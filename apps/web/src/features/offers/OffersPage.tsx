import { Placeholder } from '../../components/Placeholder';

export default function Page() {
  return <Placeholder title="Exciting Deals Just for You!" />;
}
