/**
 * An operator's products with their prices; a manager changes a price here (the server's rules for
 * editors apply: decimals of 0 or more, the price history and honest reductions follow).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call, errorMessage } from '../../../api/client';
import { ScrollTable } from '../../../components/ScrollTable';

type Product = {
  package_tag: string;
  title: string;
  adult_price: string;
  youth_price: string;
  active: boolean;
};

export const productsKey = (folder: number) => ['operator', folder, 'products'] as const;

export function ProductsPanel({ folder, manager }: { folder: number; manager: boolean }) {
  const products = useQuery({
    queryKey: productsKey(folder),
    queryFn: ({ signal }) => call('GET /api/operator/:folder/packages/', { params: { folder } }, { signal }),
  });
  if (products.isPending) return <p className="text-sm text-stone-600">Loading products...</p>;
  if (products.isError)
    return (
      <p className="text-sm text-red-700">
        {errorMessage(products.error, 'The products could not be loaded.')}
      </p>
    );
  return (
    <>
      <h2 className="text-xl font-bold text-stone-900">Products</h2>
      <p className="mt-1 text-sm text-stone-600">
        Prices in EUR.{manager ? ' Change a price and save its row; buyers see it at once.' : ''}
      </p>
      <div className="mt-4">
        <ScrollTable label="Products and prices">
          <table className="w-full text-left text-sm">
            <thead className="text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Product
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Adult
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Youth
                </th>
                {manager && (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Save</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {products.data.products.map((p) =>
                manager ? (
                  <PriceRow key={p.package_tag} folder={folder} product={p} />
                ) : (
                  <tr key={p.package_tag} data-testid="operator-product">
                    <ProductCell product={p} />
                    <td className="px-3 py-2">{p.adult_price}</td>
                    <td className="px-3 py-2">{p.youth_price}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </ScrollTable>
      </div>
    </>
  );
}

function ProductCell({ product }: { product: Product }) {
  return (
    <th scope="row" className="px-3 py-2 font-semibold text-stone-900">
      {product.title}
      <span className="block text-xs font-normal text-stone-600">
        {product.package_tag}
        {product.active ? '' : ' (not on sale)'}
      </span>
    </th>
  );
}

function PriceRow({ folder, product }: { folder: number; product: Product }) {
  const client = useQueryClient();
  const [adult, setAdult] = useState(product.adult_price);
  const [youth, setYouth] = useState(product.youth_price);
  const save = useMutation({
    mutationFn: () =>
      call('PATCH /api/operator/:folder/packages/:packageTag/', {
        params: { folder, packageTag: product.package_tag },
        body: { adult_price: adult, youth_price: youth },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: productsKey(folder) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const form = `price-${product.package_tag}`;
  const input = 'w-20 rounded-lg border border-stone-300 px-2 py-1.5';
  return (
    <tr data-testid="operator-product">
      <ProductCell product={product} />
      <td className="px-3 py-2">
        <input
          form={form}
          aria-label={`Adult price of ${product.title}`}
          inputMode="decimal"
          value={adult}
          onChange={(e) => setAdult(e.target.value)}
          className={input}
        />
      </td>
      <td className="px-3 py-2">
        <input
          form={form}
          aria-label={`Youth price of ${product.title}`}
          inputMode="decimal"
          value={youth}
          onChange={(e) => setYouth(e.target.value)}
          className={input}
        />
      </td>
      <td className="px-3 py-2">
        <form id={form} onSubmit={submit} className="flex flex-wrap items-center gap-2">
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            Save <span className="sr-only">{product.title}</span>
          </button>
          {save.isSuccess && (
            <span role="status" className="text-sm text-green-800">
              Saved.
            </span>
          )}
          {save.isError && (
            <span role="alert" className="text-sm text-red-700">
              {errorMessage(save.error, 'Not saved.')}
            </span>
          )}
        </form>
      </td>
    </tr>
  );
}
