# gpucompare — a thin list of go commands. See README.md.

GO      ?= go
ROOT    ?= .
OUT     ?= public
BIN     := bin/gpucompare
FUZZTIME ?= 10s

.PHONY: build check test golden fuzz bench clean binary

# Build the site from the shipped catalog into public/.
build: binary
	$(BIN) build -root $(ROOT) -out $(OUT)

binary:
	$(GO) build -o $(BIN) ./generator/cmd/gpucompare

# Validate the catalog without writing anything.
check: binary
	$(BIN) check -root $(ROOT)

# Every test: formatting, vet, unit and end-to-end tests, brief fuzzing.
test:
	@unformatted=$$(gofmt -l generator *.go); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test ./generator/catalog -run '^$$' -fuzz FuzzLoad -fuzztime $(FUZZTIME)

# Rewrite golden files after a reviewed change of output.
golden:
	$(GO) test ./... -update

fuzz:
	$(GO) test ./generator/catalog -run '^$$' -fuzz FuzzLoad -fuzztime 5m

bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem

clean:
	rm -rf bin $(OUT)
