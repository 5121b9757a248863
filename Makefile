# One command runs adeval, one command tests it. All set-up lives in scripts/.
.PHONY: run test

run:
	@scripts/run.sh

test:
	@scripts/test.sh

