# PowerPool: `make start` runs the app, `make test` runs the tests. `make` alone lists the targets.
# Variables given on the command line (make start PORT=4000) reach the programs as env vars.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

NPM ?= npm
# Extra arguments for vitest, e.g. make test VITEST_ARGS="--project unit"
VITEST_ARGS ?=
# Extra arguments for ESLint (make check passes its cache)
ESLINT_ARGS ?=

INSTALL_STAMP := node_modules/.package-lock.json
WEB_INDEX := web/dist/index.html
# Everything the SPA build reads: its sources, its config and the shared contracts.
# Test files and the e2e suite are not part of the bundle.
WEB_SOURCES := $(filter-out %.test.ts %.test.tsx,$(shell find web/src web/public libs/contracts/src -type f 2>/dev/null)) \
	$(wildcard web/index.html web/vite.config.* web/build/*.ts web/build/*.js web/tsconfig*.json web/package.json)

.PHONY: help install web start test check typecheck lint lint-eslint lint-format lint-dead-code format cluster bench clean clean-data

help: ## List the targets
	@echo "PowerPool"
	@echo
	@grep -E '^[a-z-]+:.*## ' $(firstword $(MAKEFILE_LIST)) | \
		awk 'BEGIN { FS = ":.*## " } { printf "  make %-11s %s\n", $$1, $$2 }'
	@echo
	@echo "Variables: PORT (3000), POWERPOOL_DATA_DIR (./.data), VITEST_ARGS (e.g. \"--project unit\"),"
	@echo "           PICKS_SCORING_REPLICAS (1; make cluster PICKS_SCORING_REPLICAS=2; any <SERVICE>_REPLICAS works)"

install: $(INSTALL_STAMP) ## Install the Node packages (only when package-lock.json changed)

# npm writes node_modules/.package-lock.json on every install; touch it so an install that
# changed nothing still counts as done.
$(INSTALL_STAMP): package-lock.json package.json
	$(NPM) install
	@touch $@

web: $(WEB_INDEX) ## Build the SPA into web/dist (only when web/ or the contracts changed)

$(WEB_INDEX): $(WEB_SOURCES) | $(INSTALL_STAMP)
	$(NPM) run build:web
	@touch $@

start: install web ## Start the app in embedded mode at http://localhost:3000 (PORT)
	$(NPM) run start:embedded

test: install web ## Typecheck and lint (ESLint, Prettier check, knip) side by side, then run every test project (vitest)
	@$(MAKE) -k -j4 --output-sync=target typecheck lint-eslint lint-format lint-dead-code
	npx vitest run $(VITEST_ARGS)

# The everyday loop keeps ESLint's results of unchanged files (node_modules/.cache/eslint). A type-aware
# rule can then miss what a change in another file did to an unchanged one: `make test` and CI lint
# every file. Typecheck (incremental), Prettier and knip keep caches that are always exact.
ESLINT_CACHE := --cache --cache-strategy content --cache-location node_modules/.cache/eslint/
check: install ## The everyday loop: typecheck and lint side by side, then the unit tests (no database, bus or browser)
	@$(MAKE) -k -j4 --output-sync=target typecheck lint-eslint lint-format lint-dead-code ESLINT_ARGS="$(ESLINT_CACHE)"
	npx vitest run --project unit $(VITEST_ARGS)

typecheck: install ## Typecheck the Node code and the SPA
	$(NPM) run typecheck

# All three run even when one fails (make -k), side by side, so one pass shows every finding;
# each one's output is printed whole when it ends (--output-sync).
lint: install ## ESLint (type-aware), the Prettier check and the dead-code check (knip)
	@$(MAKE) -k -j3 --output-sync=target lint-eslint lint-format lint-dead-code

lint-eslint: install
	$(NPM) run lint -- $(ESLINT_ARGS)

lint-format: install
	$(NPM) run format:check

lint-dead-code: install
	$(NPM) run dead-code

format: install ## Rewrite the code in Prettier's format (.prettierrc.json)
	$(NPM) run format

cluster: install web ## Start one process per service (PICKS_SCORING_REPLICAS=n: n of it) on local Postgres and NATS
	npx tsx deploy/cluster/run.ts

bench: install web ## Run the benchmarks: the gateway, then the SPA's JavaScript per screen
	$(NPM) run bench

clean: ## Remove build output (web/dist, test results); keeps .data
	rm -rf web/dist test-results

clean-data: ## Remove the embedded and cluster data in ./.data
	rm -rf .data
