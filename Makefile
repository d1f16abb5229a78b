# gpucompare — a thin list of go commands. See README.md.

GO      ?= go
ROOT    ?= .
OUT     ?= public
BIN     := bin/gpucompare
# Fuzzing runs a number of inputs, not a time: a -fuzztime given as a
# duration races Go's fuzzing coordinator at its deadline and can fail a
# run that found nothing ("context deadline exceeded"). FUZZSCALE
# multiplies every target's count (make fuzz runs 30 times as many);
# FUZZMINIMIZE bounds the minimising of each new input, which otherwise
# stalls a run for up to a minute.
FUZZSCALE    ?= 1
FUZZMINIMIZE ?= 1s
fuzz-run = $(GO) test ./generator/$(1) -run '^$$' -fuzz $(2) -fuzztime $$(( $(3) * $(FUZZSCALE) ))x -fuzzminimizetime $(FUZZMINIMIZE)

.PHONY: build check serve test schemas golden fuzz fuzz-brief bench clean binary report lint-workflows

# Build the site from the shipped catalog into public/. A hosted site
# passes its address, BASE_URL=https://…/, for its feeds and sitemap.
BASE_URL ?=

build: binary
	$(BIN) build -root $(ROOT) -out $(OUT)$(if $(BASE_URL), -base-url $(BASE_URL))

binary:
	$(GO) build -o $(BIN) ./generator/cmd/gpucompare

# One self-contained HTML file of the shipped catalog: every offer, its
# charts, the costs of a scenario and every source (README: Reports).
REPORT       ?= gpucompare-report.html
REPORT_FLAGS ?= -scenario mid-size-reserved

report: binary
	$(BIN) report -root $(ROOT) -o $(REPORT) $(REPORT_FLAGS)

# Preview the shipped catalog: build in memory, serve on ADDR, rebuild and
# reload open pages on every edit. Ctrl-C stops it.
ADDR ?= 127.0.0.1:8080

serve: binary
	$(BIN) serve -root $(ROOT) -addr $(ADDR)

# Validate the catalog without writing anything.
check: binary
	$(BIN) check -root $(ROOT)

# Every test: formatting, vet, unit and end-to-end tests, brief fuzzing.
test:
	@unformatted=$$(gofmt -l generator *.go); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(MAKE) lint-workflows
	$(GO) test -timeout 60m ./...
	$(MAKE) fuzz-brief
	$(MAKE) test-browser
	$(MAKE) test-html

# The GitHub Actions workflows, checked by actionlint: syntax, expressions,
# the inputs and outputs of actions, permissions. The version is pinned as
# a tool of go.mod (go get -tool github.com/rhysd/actionlint/cmd/actionlint@vX).
lint-workflows:
	$(GO) tool actionlint

# Regenerate schemas/ from the catalog's Go types and checks, and give each
# catalog file that lacks it its schema line.
schemas:
	$(GO) test ./generator/catalog -run 'TestSchemasUpToDate|TestSchemaLines' -update

# Rewrite golden files after a reviewed change of output.
golden:
	$(GO) test ./... -update

# Each target's count is about ten seconds of fuzzing on two cores.
fuzz-brief:
	$(call fuzz-run,catalog,FuzzLoad,30000)
	$(call fuzz-run,tmplexec,FuzzEscapers,25000)
	$(call fuzz-run,site/export,FuzzOfferWriters,40000)
	$(call fuzz-run,site/content,FuzzNestingBound,10000)
	$(call fuzz-run,feed,FuzzEntry,20000)
	$(call fuzz-run,charts,FuzzHistoryFrame,100000)
	$(call fuzz-run,charts,FuzzFrontier,40000)
	$(call fuzz-run,jsonenc,FuzzAppend,200000)
	$(call fuzz-run,importer,FuzzReadSkyPilot,10000)
	$(call fuzz-run,importer,FuzzReadAWSPriceList,10000)
	$(call fuzz-run,importer,FuzzReadAzureRetail,10000)
	$(call fuzz-run,importer,FuzzMerge,20000)
	$(call fuzz-run,importer,FuzzAddInstances,20000)
	$(call fuzz-run,refresh,FuzzParseSources,60000)

# The same targets, about five minutes each.
fuzz:
	$(MAKE) fuzz-brief FUZZSCALE=30

# Build speed: Go benchmarks of load, validate, render and write at 100,
# 1,000 and 10,000 offers, then whole builds of the binary at 100 to
# 100,000 offers against the floor of writing the same files (median of
# BENCH_RUNS), with the goals of peak memory and of time against the floor
# beside the figures. Not part of test.
BENCH_RUNS ?= 5

bench: binary
	$(GO) test ./... -run '^$$' -bench . -benchmem
	$(GO) run ./generator/cmd/buildbench -bin $(BIN) -runs $(BENCH_RUNS)

clean:
	rm -rf bin $(OUT) $(REPORT)

# Browser tests: every page kind in headless Chromium, from file:// and
# under a preview sub-path, at desktop and phone widths; and a hostile
# catalog that must stay text. Installs Chromium (Debian package chromium),
# poppler-utils (pdftotext, to read the report's PDF back) and
# fonts-noto-cjk (the Chinese pages and report) when run as root, and
# playwright-core from package-lock.json.
CHROMIUM    ?= /usr/bin/chromium
BROWSER_OUT ?= tests/browser/public

.PHONY: test-browser browser-deps node-deps clean-browser perf test-html html-deps

test-browser: binary browser-deps
	$(BIN) build -root $(ROOT) -out $(BROWSER_OUT)
	SITE_DIR=$(BROWSER_OUT) GPUCOMPARE=$(BIN) CHROMIUM=$(CHROMIUM) node --test tests/js/*.test.mjs tests/browser/*.test.mjs

browser-deps: node-deps
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$(CHROMIUM)" = /usr/bin/chromium ] && [ "$$(id -u)" = 0 ]; then \
	    echo "test-browser: installing the Debian package chromium"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium || exit 1; \
	  else \
	    echo "test-browser: no Chromium at $(CHROMIUM): install the Debian package chromium" \
	      "(apt-get install --no-install-recommends chromium, as root) or set CHROMIUM to a Chromium binary" >&2; exit 1; \
	  fi; \
	fi
	@[ -x "$(CHROMIUM)" ] || { echo "test-browser: still no Chromium at $(CHROMIUM)" >&2; exit 1; }
	@if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdfinfo >/dev/null 2>&1 || ! command -v pdfimages >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "test-browser: installing the Debian package poppler-utils (pdftotext, pdfinfo, pdfimages, pdftoppm: the report's PDF is read back and its pages counted)"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends poppler-utils || exit 1; \
	  else \
	    echo "test-browser: no pdftotext or pdfinfo: install the Debian package poppler-utils" \
	      "(apt-get install --no-install-recommends poppler-utils, as root)" >&2; exit 1; \
	  fi; \
	fi
	@if ! fc-list :lang=zh-cn 2>/dev/null | grep -q .; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "test-browser: installing the Debian package fonts-noto-cjk (the Chinese edition's pages and report)"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-cjk || exit 1; \
	  else \
	    echo "test-browser: no Chinese font: install the Debian package fonts-noto-cjk" \
	      "(apt-get install --no-install-recommends fonts-noto-cjk, as root)" >&2; exit 1; \
	  fi; \
	fi

# Node.js and the npm packages of package-lock.json. Install scripts do
# not run: vnu-jar's would download a Java runtime, and the tests use the
# system's (html-deps).
node-deps:
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { \
	  echo "tests: node and npm are needed (Node.js 20 or later; Debian packages nodejs and npm)" >&2; exit 1; }
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || { \
	  echo "tests: Node.js 20 or later is needed, found $$(node --version)" >&2; exit 1; }
	@if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then \
	  npm ci --no-audit --no-fund --ignore-scripts; \
	fi

clean-browser:
	rm -rf $(BROWSER_OUT) tests/browser/screenshots $(PERF_DIR) $(HTML_DIR)

# The Nu Html Checker (the W3C validator; npm package vnu-jar) over every
# HTML page of a build of the shipped catalog, its 404 page included, and
# over a report of it, in English and in Chinese: any error fails.
# Warnings are printed only with VNU_FLAGS=. It needs Java 17 or later: as
# root, the Debian package default-jre-headless is installed when there is
# no java.
HTML_DIR  ?= tests/html
VNU_FLAGS ?= --errors-only
VNU       := java -jar node_modules/vnu-jar/build/dist/vnu.jar

test-html: binary html-deps
	$(BIN) build -root $(ROOT) -out $(HTML_DIR)/public
	$(BIN) report -root $(ROOT) -o $(HTML_DIR)/report.html $(REPORT_FLAGS)
	$(BIN) report -root $(ROOT) -o $(HTML_DIR)/report-zh.html -lang zh-CN $(REPORT_FLAGS)
	$(VNU) $(VNU_FLAGS) --skip-non-html $(HTML_DIR)/public $(HTML_DIR)/report.html $(HTML_DIR)/report-zh.html

html-deps: node-deps
	@if ! command -v java >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "test-html: installing the Debian package default-jre-headless"; \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends default-jre-headless || exit 1; \
	  else \
	    echo "test-html: no java: install the Debian package default-jre-headless" \
	      "(apt-get install --no-install-recommends default-jre-headless, as root)" >&2; exit 1; \
	  fi; \
	fi
	@v=$$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'); \
	[ "$${v%%.*}" -ge 17 ] 2>/dev/null || { \
	  echo "test-html: the Nu Html Checker needs Java 17 or later, found $${v:-none}: install the Debian package default-jre-headless" >&2; exit 1; }
	@[ -f node_modules/vnu-jar/build/dist/vnu.jar ] || { echo "test-html: no node_modules/vnu-jar/build/dist/vnu.jar: run npm ci" >&2; exit 1; }

# Browser timings, not a test: builds a synthetic catalog of PERF_OFFERS
# offers and times sorting and filtering its /compare/ page in headless
# Chromium (median of 20 runs each). See tests/browser/perf.mjs.
PERF_DIR    ?= tests/browser/perf
PERF_OFFERS ?= 10000

perf: binary browser-deps
	rm -rf $(PERF_DIR)
	$(BIN) synth -offers $(PERF_OFFERS) -o $(PERF_DIR)
	$(BIN) build -root $(PERF_DIR) -out $(PERF_DIR)/public
	SITE_DIR=$(PERF_DIR)/public CHROMIUM=$(CHROMIUM) node tests/browser/perf.mjs
