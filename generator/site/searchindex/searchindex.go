// Package searchindex is a writer of the write stage of its own:
// search/index.js, the script that static/search.js loads by <script
// src> when a reader first uses the search box (no fetch, so it works from
// file:// too). It takes the entries the site's search finds, made with
// the page models, the words of the edition's messages and the URL style,
// and hands one file on to the write stage's sink.
package searchindex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/write"
)

// Path is the output path of the index.
const Path = "search/index.js"

// Entry is one thing the search finds.
type Entry struct {
	Kind  int    // index in the kinds of Write
	Title string // as people read it
	Sub   string // key facts, one line under the title
	Path  string // the output path of its page
	Frag  string // the element of the page it is ("region-cn-beijing"), or ""
	// Names are its title, id and aliases, and Text the other words it
	// is found by (specs, provider, descriptions), all lower-cased, with
	// full-width forms made ASCII and white space collapsed.
	Names []string
	Text  string
	// Vague are the words of claims it is found by whose specifics its
	// source leaves unstated (a certification with no level stated:
	// 等保（级别未说明）), in the same form: a query held only with them
	// ranks after one held by its names and Text.
	Vague string
	// GPU is the entry of an instance type's GPU model (nil for other
	// kinds, or a GPU without a page), and GPUs its number of GPUs (0
	// for other kinds).
	GPU  *Entry
	GPUs int
}

// Write writes search/index.js into out: the entries, with their links
// made from the site's root by links, the kinds of entries (each named
// by the message search.kind.<kind>), and the words static/search.js
// writes, all given by t. An entry is [kind, title, sub, link, names,
// text], and an instance type's adds the index of its GPU model's entry
// (-1 for none) and its number of GPUs; an entry with vague words (Vague)
// adds them after those, with -1 and 0 for an entry that is not an
// instance type.
func Write(out write.Sink, entries []*Entry, kinds []string, links pagemodel.Linker, t func(string, ...any) string) error {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = t("search.kind." + k)
	}
	at := make(map[*Entry]int, len(entries))
	for i, e := range entries {
		at[e] = i
	}
	// The rows go into parts of at most MaxPartBytes each: the first in
	// search/index.js with the kinds and the words, which says how many
	// parts there are when more than one; the others in PartPath(n),
	// which static/search.js loads beside it. Each row is encoded as it
	// is made, not held.
	var parts [][]byte
	cur := []byte{'['}
	var row []any
	for _, e := range entries {
		url := links.To(e.Path)
		if e.Frag != "" {
			url += "#" + e.Frag
		}
		row = append(row[:0], e.Kind, e.Title, e.Sub, url, strings.Join(e.Names, "\n"), e.Text)
		if e.GPUs > 0 || e.Vague != "" {
			gpu, ok := at[e.GPU]
			if !ok {
				gpu = -1
			}
			row = append(row, gpu, e.GPUs)
		}
		if e.Vague != "" {
			row = append(row, e.Vague)
		}
		b, err := json.Marshal(row)
		if err != nil {
			return fmt.Errorf("%s: %w", Path, err)
		}
		if len(cur) > 1 && len(cur)+1+len(b) > MaxPartBytes {
			parts = append(parts, append(cur, ']'))
			cur = []byte{'['}
		}
		if len(cur) > 1 {
			cur = append(cur, ',')
		}
		cur = append(cur, b...)
	}
	parts = append(parts, append(cur, ']'))
	index := struct {
		Kinds    []string          `json:"kinds"`
		Messages map[string]string `json:"m"`
		Parts    int               `json:"parts,omitempty"`
		Entries  json.RawMessage   `json:"e"`
	}{names, map[string]string{
		"none":    t("search.none"),
		"one":     t("search.count_one"),
		"many":    t("search.count"),
		"all":     t("search.all"),
		"results": t("search.results"),
	}, 0, parts[0]}
	if len(parts) > 1 {
		index.Parts = len(parts)
	}
	var buf bytes.Buffer
	// Room for the whole file at once: the buffer does not grow past it
	// by doubling (the encoder still makes the document in a buffer of
	// its own first).
	buf.Grow(len(parts[0]) + 4<<10)
	buf.WriteString("// The search index of the site, written by gpucompare build: static/search.js\n// loads this file as a script and searches it in the browser.\n")
	buf.WriteString("window.gpucompareSearch = ")
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(index); err != nil {
		return fmt.Errorf("%s: %w", Path, err)
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if err := out.Put(Path, append(b, ";\n"...)); err != nil {
		return err
	}
	for i, part := range parts[1:] {
		n := i + 2
		var b bytes.Buffer
		fmt.Fprintf(&b, "// Part %d of %d of the search index, written by gpucompare build: static/search.js\n// loads this file beside search/index.js.\n", n, len(parts))
		fmt.Fprintf(&b, "(window.gpucompareSearchParts = window.gpucompareSearchParts || {})[%d] = ", n)
		var compact bytes.Buffer
		if err := json.Compact(&compact, part); err != nil {
			return fmt.Errorf("%s: %w", PartPath(n), err)
		}
		b.Write(compact.Bytes())
		b.WriteString(";\n")
		if err := out.Put(PartPath(n), b.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// MaxPartBytes is the most bytes of entries one script of the index
// holds; an entry larger than that alone is one part.
const MaxPartBytes = 1_000_000

// PartPath is the output path of part n of the index, counted from 1;
// part 1 is Path.
func PartPath(n int) string {
	if n == 1 {
		return Path
	}
	return fmt.Sprintf("search/index-%d.js", n)
}
