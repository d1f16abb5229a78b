// Package reuse is what serve's Rebuilder keeps of the files the writers
// of a build made (the exports, the feeds, the months' scripts of
// /changes/), from one build to the next: each set of files under the
// fingerprint of the inputs it was made from (package fingerprint), so
// that a writer whose inputs are the same hands on the bytes of the last
// build instead of making them again. It belongs to the write stage: it
// takes paths and bytes, and puts them into the write stage's sink.
package reuse

import (
	"sync"

	"gpucompare/generator/site/fingerprint"
	"gpucompare/generator/site/write"
)

// Store is what a Rebuilder keeps of one edition's sets of files between
// builds. The zero Store keeps nothing yet.
type Store struct {
	sets map[string]set
}

// set is a set of files and the fingerprint of the inputs it was made from.
type set struct {
	inputs fingerprint.Fingerprint
	files  []write.File
}

// Drop forgets every set kept: they were made with other templates or
// messages, which no fingerprint of inputs holds.
func (st *Store) Drop() { st.sets = nil }

// Begin starts a build's Sets: units are the catalog's units the build
// fingerprints inputs with. The sets of this build replace those of the
// last. It returns nil, and keeps nothing, for a nil Store (a build that
// keeps nothing) and when units are nil or a unit has no fingerprint.
func (st *Store) Begin(units *fingerprint.CatalogUnits) *Sets {
	if st == nil {
		return nil
	}
	last := st.sets
	st.sets = map[string]set{}
	if units == nil || !units.OK() {
		return nil
	}
	return &Sets{units: units, last: last, store: st}
}

// Sets are the sets of files of one build of a Rebuilder: those of the
// last build to take, and this build's to keep. A nil *Sets keeps nothing.
// Its methods are safe for concurrent use: the writers run at once.
type Sets struct {
	units *fingerprint.CatalogUnits
	last  map[string]set
	mu    sync.Mutex // guards store.sets
	store *Store
}

// Units are the catalog's units the build fingerprints inputs with; nil
// for nil Sets.
func (s *Sets) Units() *fingerprint.CatalogUnits {
	if s == nil {
		return nil
	}
	return s.units
}

// Put puts into out the set of files that makeFiles makes from inputs,
// under name: the files of the last build when inputs have the
// fingerprint they had then. inputs must hold everything makeFiles reads
// besides the templates and their messages, whose change drops every set
// kept (Store.Drop). With nil Sets it makes the files and puts them.
func (s *Sets) Put(out write.Sink, name string, inputs any, makeFiles func() ([]write.File, error)) error {
	var f fingerprint.Fingerprint
	ok := false
	if s != nil {
		f, ok = fingerprint.NewWalker(s.units).Of(inputs)
		if k, hit := s.last[name]; ok && hit && k.inputs == f {
			s.keep(name, k)
			return write.PutAll(out, k.files)
		}
	}
	files, err := makeFiles()
	if err != nil {
		return err
	}
	if ok {
		s.keep(name, set{f, files})
	}
	return write.PutAll(out, files)
}

// keep keeps the set made under name for the next build.
func (s *Sets) keep(name string, k set) {
	s.mu.Lock()
	s.store.sets[name] = k
	s.mu.Unlock()
}

// Write is Put for a writer that writes its files into a sink itself
// (write): with nil Sets it writes straight into out; otherwise into
// memory, whose files, in the order of their paths, are the set kept.
func (s *Sets) Write(out write.Sink, name string, inputs any, writeFiles func(write.Sink) error) error {
	if s == nil {
		return writeFiles(out)
	}
	return s.Put(out, name, inputs, func() ([]write.File, error) {
		m := write.NewMemory()
		if err := writeFiles(m); err != nil {
			return nil, err
		}
		files := m.Files()
		made := make([]write.File, 0, len(files))
		for _, p := range files.Paths() {
			made = append(made, write.File{Path: p, Data: files[p]})
		}
		return made, nil
	})
}
