package site

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var (
	htmlTag    = regexp.MustCompile(`(?s)<[^>]*>`)
	asciiPunct = regexp.MustCompile(`\p{Han}\)?[,;:]|\p{Han} ?\(`)
)

// TestChineseEditionPunctuation: where the templates join translated pieces,
// the Chinese edition joins them with Chinese punctuation (“36个月，CNY”),
// never with an ASCII comma, semicolon or colon between Chinese characters.
func TestChineseEditionPunctuation(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	edit(t, root, "data/site.yaml", "currency: USD\n", "currency: USD\nlanguage: en\neditions:\n  - language: zh-CN\n    dir: zh\n    currency: CNY\n")
	files, _ := build(t, root, Options{})
	for p, data := range mustBuild(t, twoEditions(t)) {
		files["synth/"+p] = data
	}
	header := false
	for _, p := range files.Paths() {
		if !strings.HasPrefix(strings.TrimPrefix(p, "synth/"), "zh/") || !strings.HasSuffix(p, ".html") {
			continue
		}
		html := string(files[p])
		if strings.HasPrefix(p, "zh/scenarios/") && strings.Contains(html, "个月，") {
			header = true
		}
		if strings.Contains(html, "个月, ") {
			t.Errorf("%s: an English comma after 个月", p)
		}
		text := htmlTag.ReplaceAllString(html, "")
		for _, m := range asciiPunct.FindAllStringIndex(text, -1) {
			lo, hi := max(0, m[0]-30), min(len(text), m[1]+30)
			for lo > 0 && !utf8Start(text[lo]) {
				lo--
			}
			for hi < len(text) && !utf8Start(text[hi]) {
				hi++
			}
			t.Errorf("%s: ASCII punctuation between Chinese characters: %q", p, strings.Map(oneLine, text[lo:hi]))
		}
	}
	if !header {
		t.Error("no zh/scenarios/ page has a header reading 个月，")
	}
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

func oneLine(r rune) rune {
	if unicode.IsSpace(r) {
		return ' '
	}
	return r
}

// mustBuild builds root and returns its files.
func mustBuild(t *testing.T, root fs.FS) Files {
	t.Helper()
	files, _ := build(t, root, Options{})
	return files
}
