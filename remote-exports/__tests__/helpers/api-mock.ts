// A stand-in for the server behind @pricewatch/shared/api: routes by method and path, answers the
// contract's envelope { success: true, data } and records every call.
import { configure } from '@testing-library/react';
import { ApiError, apiGet, apiPost } from '@pricewatch/shared/api';

// Screens with charts take a while to settle on a busy machine: findBy*/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

type Params = Record<string, unknown> | undefined;
type Handler = (params: Params) => unknown | Promise<unknown>;
export type Routes = { get?: Record<string, Handler>; post?: Record<string, Handler> };

export const notFound = () => new ApiError({ status: 404, code: 'not_found', messageKey: 'not_found', message: 'Product 999 does not exist' });

export function mockApi(routes: Routes) {
  const find = (table: Record<string, Handler> | undefined, path: string) => {
    const handler = table?.[path];
    if (!handler) throw new ApiError({ status: 404, code: 'route_not_found', messageKey: 'route_not_found' });
    return handler;
  };
  (apiGet as jest.Mock).mockImplementation(async (path: string, params?: Params) => ({
    success: true,
    data: await find(routes.get, path)(params),
  }));
  (apiPost as jest.Mock).mockImplementation(async (path: string, body?: Params) => ({
    success: true,
    data: await find(routes.post, path)(body),
  }));
}

/** The params of every GET to `path`, in order. */
export const getCalls = (path: string) => (apiGet as jest.Mock).mock.calls.filter(([p]) => p === path).map(([, params]) => params as Record<string, unknown>);

/** The bodies of every POST to `path`, in order. */
export const postCalls = (path: string) => (apiPost as jest.Mock).mock.calls.filter(([p]) => p === path).map(([, body]) => body as Record<string, unknown>);
