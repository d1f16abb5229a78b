package searchindex

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
)

// TestLargeIndexComesInParts writes an index of more than MaxPartBytes of
// entries: search/index.js says how many parts there are, every part is
// at most MaxPartBytes of entries plus its head, and the parts' entries,
// in order, are every entry once, in the order given.
func TestLargeIndexComesInParts(t *testing.T) {
	var entries []*Entry
	for i := range 12_000 {
		title := fmt.Sprintf("Provider %05d %s", i, strings.Repeat("&<>", 40))
		entries = append(entries, &Entry{Kind: 0, Title: title, Path: fmt.Sprintf("providers/p%05d/index.html", i), Names: []string{strings.ToLower(title)}, Text: "gpu cloud"})
	}
	sink := write.NewMemory()
	if err := Write(sink, entries, []string{"provider"}, pagemodel.Linker{}, func(k string, _ ...any) string { return k }); err != nil {
		t.Fatal(err)
	}
	files := sink.Files()
	first := regexp.MustCompile(`(?s)^// .*?\nwindow\.gpucompareSearch = (.*);\n$`).FindSubmatch(files[Path])
	if first == nil {
		t.Fatalf("%s: not an index: %.200s", Path, files[Path])
	}
	var head struct {
		Parts int     `json:"parts"`
		E     [][]any `json:"e"`
	}
	if err := json.Unmarshal(first[1], &head); err != nil {
		t.Fatal(err)
	}
	if head.Parts < 2 {
		t.Fatalf("%d parts for %d entries; want several", head.Parts, len(entries))
	}
	rows := head.E
	for n := 2; n <= head.Parts; n++ {
		data := files[PartPath(n)]
		m := regexp.MustCompile(fmt.Sprintf(`(?s)^// .*?\n\(window\.gpucompareSearchParts = window\.gpucompareSearchParts \|\| \{\}\)\[%d\] = (.*);\n$`, n)).FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s: not part %d: %.200s", PartPath(n), n, data)
		}
		if len(m[1]) > MaxPartBytes {
			t.Errorf("%s: %d bytes of entries, over %d", PartPath(n), len(m[1]), MaxPartBytes)
		}
		var part [][]any
		if err := json.Unmarshal(m[1], &part); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, part...)
	}
	if files[PartPath(head.Parts+1)] != nil {
		t.Errorf("%s written beyond the %d parts the index names", PartPath(head.Parts+1), head.Parts)
	}
	if len(rows) != len(entries) {
		t.Fatalf("%d entries in the parts; want %d", len(rows), len(entries))
	}
	for i, r := range rows {
		if r[1] != entries[i].Title {
			t.Fatalf("entry %d is %q; want %q", i, r[1], entries[i].Title)
		}
	}
}
