// bottleneck's light build (no Redis clustering): the one the Octokit plugins
// import, so the bundle carries a single copy. Its types are the full build's.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
