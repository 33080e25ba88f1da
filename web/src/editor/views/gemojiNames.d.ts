declare module 'virtual:gemoji-names' {
  const names: Readonly<Record<string, string>>;
  export default names;
}
