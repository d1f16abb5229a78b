package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"

	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/export"
	"gpucompare/generator/site/reuse"
	"gpucompare/generator/site/write"
)

// indexDoc is api/v1/index.json: what the site is, the freshness of its
// prices, the schemas (indexHead), and every file of the API. The writer
// writes it in parts (index); its schema is made of this type.
type indexDoc struct {
	indexHead
	Offers     []ref `json:"offers"`
	Instances  []ref `json:"instances"`
	GPUs       []ref `json:"gpus"`
	Providers  []ref `json:"providers"`
	Benchmarks []ref `json:"benchmarks"`
	Months     []ref `json:"change_months"`
}

// indexHead is what api/v1/index.json says before its lists: what the
// site is, the freshness of its prices and the schemas.
type indexHead struct {
	head
	Title    string `json:"title"`
	Currency string `json:"currency"` // the display currency
	// Prices counts the latest prices of the offers by verdict, and
	// names the newest date a price's age counts from.
	Prices  priceCounts       `json:"prices"`
	Exports []string          `json:"exports"` // the whole-catalog exports
	Schemas map[string]string `json:"schemas"`
}

// indexLists are the keys of the lists of api/v1/index.json, those of
// indexDoc's own fields, in their order, which is the order the writer's
// steps write the files they list: every file of the API but the schemas.
var indexLists = func() []string {
	var keys []string
	for f := range reflect.TypeFor[indexDoc]().Fields() {
		if !f.Anonymous {
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			keys = append(keys, key)
		}
	}
	return keys
}()

// index writes api/v1/index.json as the other files are written: its
// head first, then a reference to each file as soon as it is written, so
// that no list of the files is held. The bytes are those of
// json.MarshalIndent of the whole document with one space.
type index struct {
	f     io.WriteCloser
	kept  *keptIndex // a Rebuilder's index, or nil
	list  int        // the list being written, an index of indexLists; -1 before the first
	n     int        // the references written in it
	err   error
	entry bytes.Buffer
}

// openIndex creates api/v1/index.json in out and writes its head.
func (w *writer) openIndex() error {
	h := indexHead{head: w.head(KindIndex), Title: w.in.Cat.Site.Title, Currency: w.in.Cat.Site.Currency,
		Prices: countsOf(derive.TallyOf(w.in.Data.Priced)), Exports: export.Paths, Schemas: map[string]string{}}
	for _, k := range Kinds {
		h.Schemas[k] = Schema(k)
	}
	data, err := json.MarshalIndent(h, "", " ")
	if err != nil {
		return fmt.Errorf("%s: %w", IndexPath, err)
	}
	w.idx = &index{list: -1}
	if w.in.Sets != nil {
		// A Rebuilder's build makes the index in memory, and keeps the
		// bytes of the last build when they are the same.
		w.idx.kept = &keptIndex{sets: w.in.Sets, out: w.out}
		w.idx.f = w.idx.kept
	} else if w.idx.f, err = w.out.Create(IndexPath); err != nil {
		return err
	}
	w.idx.write(bytes.TrimSuffix(data, []byte("\n}")))
	return nil
}

func (x *index) write(p []byte) {
	if x.err == nil {
		_, x.err = x.f.Write(p)
	}
}

// next ends the list being written, if any, and starts the next.
func (x *index) next() {
	x.end()
	x.list++
	x.write([]byte(",\n \"" + indexLists[x.list] + "\": ["))
	x.n = 0
}

// end ends the list being written, if any.
func (x *index) end() {
	switch {
	case x.list < 0:
	case x.n == 0:
		x.write([]byte("]"))
	default:
		x.write([]byte("\n ]"))
	}
}

// add writes r into the list being written.
func (x *index) add(r ref) {
	if x.n > 0 {
		x.write([]byte(","))
	}
	x.n++
	x.entry.Reset()
	x.entry.WriteString("\n  ")
	data, err := json.MarshalIndent(r, "  ", " ")
	if err != nil && x.err == nil {
		x.err = err
	}
	x.entry.Write(data)
	x.write(x.entry.Bytes())
}

// abandon closes the file of the index of a writer that failed, which
// the build throws away; a Rebuilder's keeps nothing.
func (x *index) abandon() {
	if x.kept == nil {
		x.f.Close()
	}
}

// close ends the last list and the file.
func (x *index) close() error {
	x.end()
	x.write([]byte("\n}\n"))
	err := x.f.Close()
	if x.err != nil {
		return fmt.Errorf("%s: %w", IndexPath, x.err)
	}
	return err
}

// keptIndex is the index of a Rebuilder's build, made in memory and put
// into out when closed: the bytes of the last build when they are the
// same (reuse.Sets).
type keptIndex struct {
	bytes.Buffer
	sets *reuse.Sets
	out  write.Sink
}

func (k *keptIndex) Close() error {
	data := k.Bytes()
	return k.sets.Put(k.out, "api "+IndexPath, data, func() ([]write.File, error) {
		return []write.File{{Path: IndexPath, Data: data}}, nil
	})
}
