// Compile-time only: `tsc --noEmit` fails if `any` escapes the package's public API that this app
// uses, groundfacts/react's included. `IsAny<T>` is true only for `any`; each line below must stay `false`.
import type { buildNavigationGraph, createSession, matchRoute, serveToAgent } from 'groundfacts';
import type {
  connectReactRouter,
  GroundfactsProviderProps,
  useActions,
  useAsks,
  useAvailable,
  useContextBrief,
  useGroundTruth,
  useSession,
  useStoreTap,
} from 'groundfacts/react';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Session = ReturnType<typeof createSession>;
type Port = ReturnType<typeof serveToAgent>;
type NotAny<T extends false> = T;

export type PublicApiHasNoAny = [
  NotAny<IsAny<Parameters<typeof buildNavigationGraph>[1]>>,
  NotAny<IsAny<ReturnType<typeof buildNavigationGraph>>>,
  NotAny<IsAny<ReturnType<typeof matchRoute>>>,
  NotAny<IsAny<Parameters<typeof createSession>[2]>>,
  NotAny<IsAny<Session>>,
  NotAny<IsAny<ReturnType<Session['groundTruth']>>>,
  NotAny<IsAny<ReturnType<Session['contextBrief']>>>,
  NotAny<IsAny<ReturnType<Session['fire']>>>,
  NotAny<IsAny<ReturnType<Session['asks']>[number]>>,
  NotAny<IsAny<ReturnType<Session['approve']>>>,
  NotAny<IsAny<ReturnType<Session['decline']>>>,
  NotAny<IsAny<ReturnType<Session['updateState']>>>,
  NotAny<IsAny<ReturnType<Session['sync']>>>,
  NotAny<IsAny<Parameters<Session['registerActions']>[1]>>,
  NotAny<IsAny<ReturnType<Session['registerActions']>>>,
  NotAny<IsAny<Port>>,
  NotAny<IsAny<ReturnType<Port['tools']>[number]>>,
  NotAny<IsAny<ReturnType<Port['call']>>>,
  NotAny<IsAny<Parameters<Port['call']>[1]>>,
  NotAny<IsAny<ReturnType<typeof useSession>>>,
  NotAny<IsAny<ReturnType<typeof useGroundTruth>>>,
  NotAny<IsAny<ReturnType<typeof useContextBrief>>>,
  NotAny<IsAny<ReturnType<typeof useAvailable>>>,
  NotAny<IsAny<NonNullable<ReturnType<typeof useAsks>>[number]>>,
  NotAny<IsAny<Parameters<typeof useActions>[1]>>,
  NotAny<IsAny<Parameters<typeof useStoreTap>[1]>>,
  NotAny<IsAny<Parameters<typeof connectReactRouter>[2]>>,
  NotAny<IsAny<GroundfactsProviderProps['router']>>,
  NotAny<IsAny<GroundfactsProviderProps['options']>>,
  // What the review page uses: why a control is grey, busy marks, where inside the page.
  NotAny<IsAny<ReturnType<Session['whatUnblocks']>[number]>>,
  NotAny<IsAny<ReturnType<Session['available']>['edges'][number]['unblockedBy']>>,
  NotAny<IsAny<ReturnType<Session['pending']>[number]>>,
  NotAny<IsAny<Parameters<ReturnType<Session['registerActions']>['setBusy']>[1]>>,
  NotAny<IsAny<Parameters<Session['observeFocus']>[1]>>,
  NotAny<IsAny<NonNullable<NonNullable<Parameters<typeof buildNavigationGraph>[1]['pages']>[string]['containers']>>>,
];
