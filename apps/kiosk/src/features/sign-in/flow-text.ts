// The words of the kiosk's flow: keys of the `kiosk-flow` catalogue, and of `errors` for the rules'
// messages the shared form rules name. The app gives its translator; the screens only read it.
import { createContext, useContext } from 'react';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const FlowTextContext = createContext<Translate | null>(null);

export function useFlowText(): Translate {
  const t = useContext(FlowTextContext);
  if (!t) throw new Error('The kiosk flow needs FlowTextContext');
  return t;
}
