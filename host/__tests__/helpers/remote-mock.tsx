import { loadRemote } from '@module-federation/enhanced/runtime';

/** The mocked runtime's loadRemote (each test file mocks '@module-federation/enhanced/runtime'). */
export const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** Every remote screen renders as a stub naming its id, e.g. "screen pricewatch_alarms/Alarms". */
export function stubRemoteScreens(): void {
  mockedLoadRemote.mockImplementation(async (id: string) => ({
    default: () => <div data-testid="remote-screen">screen {id}</div>,
  }));
}
