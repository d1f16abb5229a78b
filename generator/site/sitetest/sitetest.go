// Package sitetest holds what the tests of the site's stages share: the
// small test site's catalog and the shipped messages of a language, so a
// stage's test can make its pages alone, without a build.
package sitetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/catalog/catalogtest"
	"gpucompare/generator/site/render"
)

// SmallCatalog loads the small test site (generator/site/testdata/site.txtar)
// and fails the test if it does not load.
func SmallCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("sitetest: no path of its own source")
	}
	src, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "testdata", "site.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := catalogtest.Load(t, string(src))
	return cat
}

// Messages are the shipped templates' messages in lang ("en", "zh-CN").
func Messages(t testing.TB, lang string) render.Messages {
	t.Helper()
	tmpl, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := render.LoadMessages(tmpl, lang, nil)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}
