import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

// React's lazy() takes a component of any props (they are checked where it renders): the same bound here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyComponent = ComponentType<any>
/** The names of a module's exports that are components. */
type ComponentExports<Module> = { [Name in keyof Module]: Module[Name] extends AnyComponent ? Name : never }[keyof Module]

/** `lazy` for a named export: `lazyExport(() => import('./views'), 'ResultView')`. */
export function lazyExport<Module, Name extends ComponentExports<Module>>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Extract<Module[Name], AnyComponent>> {
  return lazy(() => load().then((module) => ({ default: module[name] as Extract<Module[Name], AnyComponent> })))
}
