/**
 * The code's layout as rules: arrows point down, every room keeps to its job. `npm run lint:deps` checks them.
 * The rooms: generator/{cli,config,load,model,schema,emit,write,lifecycle,speed,lib}, runtime/ (what the
 * generated package ships), tools/ (what the tool runs but does not ship).
 */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles hide which module depends on which.', from: {}, to: { circular: true } },
    {
      name: 'runtime-is-standalone',
      severity: 'error',
      comment: 'runtime/ is copied into every generated package: it may import nothing of the tool.',
      from: { path: '^runtime/' },
      to: { path: '^(generator|tools)/' },
    },
    {
      name: 'emit-reads-the-model',
      severity: 'error',
      comment:
        'An emitter reads the model, the schema compilers, lib and emit/shared; never the loader, the CLI, writing, lifecycle commands or speed/ (caches and incremental runs reach it through the memory and cache interfaces of lib/ on its context).',
      from: { path: '^generator/emit/' },
      to: { path: '^generator/(load|cli|write|lifecycle|speed)/' },
    },
    {
      name: 'emitters-are-separate',
      severity: 'error',
      comment: 'One emitter does not reach into another: what two outputs share lives in emit/shared.',
      from: { path: '^generator/emit/([^/]+)/' },
      to: { path: '^generator/emit/([^/]+)/', pathNot: ['^generator/emit/$1/', '^generator/emit/shared/'] },
    },
    {
      name: 'lib-is-a-leaf',
      severity: 'error',
      comment: 'lib/ holds small helpers every stage uses; it imports no stage.',
      from: { path: '^generator/lib/' },
      to: { path: '^generator/(?!lib/)' },
    },
    {
      name: 'model-below-emit',
      severity: 'error',
      comment: 'The model knows nothing of outputs, commands or writing.',
      from: { path: '^generator/(model|schema|load|config)/' },
      to: { path: '^generator/(emit|cli|write|lifecycle)/' },
    },
    {
      name: 'only-cli-imports-cli',
      severity: 'error',
      comment: 'Commands are the top of the house: nothing below imports them.',
      from: { path: '^generator/', pathNot: '^generator/(cli/|index\\.ts)' },
      to: { path: '^generator/cli/' },
    },
    {
      name: 'runtime-below-tools',
      severity: 'error',
      comment: 'tools/ (the proxy, the docs console) may use runtime/; runtime/ never imports tools/.',
      from: { path: '^runtime/' },
      to: { path: '^tools/' },
    },
    {
      name: 'tools-for-commands-and-docs',
      severity: 'error',
      comment: 'Only the commands (the proxy) and the emitters that ship the docs console into the site import tools/.',
      from: { path: '^generator/', pathNot: '^generator/(cli|emit/docs|emit/shared)/' },
      to: { path: '^tools/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(generator|runtime|tools)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
