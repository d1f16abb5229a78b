package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"gpucompare/generator/site/twins"
)

// TestHeadingsDoNotSkipLevels reads every page of the shipped site, both
// editions, and both reports: a heading is at most one level below the
// heading before it (an h3 after an h1 leaves a screen reader's outline
// with a hole, and the HTML checker rejects it).
func TestHeadingsDoNotSkipLevels(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	runOK := func(args ...string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("gpucompare %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
	}
	runOK("build", "-root", "../../..", "-out", out)
	runOK("report", "-root", "../../..", "-o", filepath.Join(dir, "report.html"))
	runOK("report", "-root", "../../..", "-o", filepath.Join(dir, "report-zh.html"), "-lang", "zh-CN")

	pages := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		pages++
		for _, e := range headingSkips(t, src) {
			t.Errorf("%s: %s", rel, e)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 100 {
		t.Fatalf("read %d pages; the shipped site has hundreds", pages)
	}
}

// headingSkips returns a line for each heading more than one level below
// the heading before it.
func headingSkips(t *testing.T, src []byte) []string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var skips []string
	prev := 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6' {
			level := int(n.Data[1] - '0')
			if prev > 0 && level > prev+1 {
				skips = append(skips, "<"+n.Data+"> "+strings.TrimSpace(twins.Text(n))+" follows <h"+string(rune('0'+prev))+">")
			}
			prev = level
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return skips
}
