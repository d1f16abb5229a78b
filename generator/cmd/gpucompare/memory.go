package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
)

// heapPerCatalogByte is what a build's heap needs per byte of catalog
// YAML at its peak, with room to spare: the live data of a build peaks at
// about 12 bytes per byte of data/ for synthetic catalogs of 10,000 and
// 30,000 offers.
const heapPerCatalogByte = 20

// minMemoryLimit is the least soft limit limitMemory sets. A build's
// live data has a part that does not follow the catalog: the parsed
// templates (about 26 MB), each card worker's fonts, image and glyphs,
// the twins' and the API's buffers. The shipped catalog's build peaks at
// about 88 MB of live heap; under a limit of 100 MiB the collector ran
// without pause (60 collections, over a third of the build's CPU), under
// 160 MiB 11 times.
const minMemoryLimit = 160 << 20

// maxMemoryLimit is the largest soft limit limitMemory sets: past some
// tens of thousands of offers the live data of a build no longer grows
// with the catalog as fast as the catalog (pages, twins and exports are
// made and written one at a time and let go of), so a limit in proportion
// only let the heap fill with garbage: at 100,000 offers (61 MB of data/)
// the live data peaked at about 560–630 MB, the limit was 1.2 GB and the
// peak resident memory followed it. It was 768 MiB while the live data
// peaked at about 510 MB; at about 470 MB (prices that point to their
// exchange rate, llms-full.txt written as it is made), 704 MiB took the
// peak from 781–787 to 718–719 MiB for 4–6% more CPU (user + system);
// 672 MiB cost 7% and 640 MiB 9–14%.
const maxMemoryLimit = 704 << 20

// buildGCPercent is the collector's GOGC for a build under a memory limit:
// the heap may grow to five times the live data between collections,
// the limit permitting. The limit, not GOGC, then bounds the peak, and a
// 10,000-offer build collects 20 times instead of 35.
const buildGCPercent = 400

// limitMemory gives a build a soft memory limit in proportion to its
// catalog (the bytes under root/data), at least minMemoryLimit and at
// most maxMemoryLimit, unless
// GOMEMLIMIT sets one. Left alone, Go's collector lets the heap grow to
// twice the live data between collections; near the limit it collects
// sooner instead. The limit is soft: a catalog that needs more still
// builds, with the collector capping its own share of the processors.
// Under the limit, the collector runs less often than Go's default
// (buildGCPercent) unless GOGC is set. It returns the limit set, or 0.
func limitMemory(root string) int64 {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return 0
	}
	var size int64
	filepath.WalkDir(filepath.Join(root, "data"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				size += info.Size()
			}
		}
		return nil
	})
	limit := min(max(minMemoryLimit, heapPerCatalogByte*size), maxMemoryLimit)
	debug.SetMemoryLimit(limit)
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(buildGCPercent)
	}
	return limit
}
