// Lets `tsc` type-check the imports of single-file components (vue-tsc checks their insides).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
