# One command runs adeval, one command tests it. All set-up lives in scripts/.
.PHONY: run test bench bench-quick

run:
	@scripts/run.sh

test:
	@scripts/test.sh

# Benchmarks against the tools a user would pick instead; writes benches/RESULTS.md.
bench:
	@scripts/bench.sh

bench-quick:
	@ADEVAL_BENCH_ROWS=$${ADEVAL_BENCH_ROWS:-5000000} scripts/bench.sh
