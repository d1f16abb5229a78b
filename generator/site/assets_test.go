package site

import (
	"strings"
	"testing"
	"testing/fstest"

	"gpucompare/generator/catalog"
)

// TestStaticPartsAreJoined: a folder NAME.d of static/ is one file NAME
// in the output, its files joined in name order, hidden files left out;
// none of its parts is published on its own.
func TestStaticPartsAreJoined(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["static/style.css"] = &fstest.MapFile{Data: []byte("body{}")}
	root["static/app.js.d/20-rows.js"] = &fstest.MapFile{Data: []byte("rows();\n})();\n")}
	root["static/app.js.d/10-state.js"] = &fstest.MapFile{Data: []byte("(function () {\nstate();\n")}
	root["static/app.js.d/.10-state.js.swp"] = &fstest.MapFile{Data: []byte("swap")}
	files, _ := build(t, root, Options{})
	if got, want := string(files["static/app.js"]), "(function () {\nstate();\nrows();\n})();\n"; got != want {
		t.Errorf("static/app.js = %q, want %q", got, want)
	}
	if got := string(files["static/style.css"]); got != "body{}" {
		t.Errorf("static/style.css = %q, want it copied as it is", got)
	}
	for p := range files {
		if strings.Contains(p, ".d/") {
			t.Errorf("%s: a part published on its own", p)
		}
	}
}

// TestStaticPartsHoldFilesOnly: a folder inside the parts of a file would
// be left out unseen, so it fails the build, naming it.
func TestStaticPartsHoldFilesOnly(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	root["static/app.js.d/10-state.js"] = &fstest.MapFile{Data: []byte("state();\n")}
	root["static/app.js.d/more/20-rows.js"] = &fstest.MapFile{Data: []byte("rows();\n")}
	cat, _ := catalog.Load(root)
	_, _, err := Build(cat, root, Options{})
	if err == nil || !strings.Contains(err.Error(), "static/app.js.d/more: a folder in the parts of static/app.js") {
		t.Errorf("got %v, want an error naming static/app.js.d/more", err)
	}
}
