// Flows for the runner's own check (check-runner.mjs), never run against the app.
export const tests = [
  { name: 'a setup step', setup: true, run: async (ctx) => void (ctx.state.seeded = true) },
  { name: 'a flow that checks', run: async (ctx) => ctx.expect(ctx.state.seeded, 'the setup step ran first') },
  { name: 'a flow that checks nothing', run: async () => {} },
]
