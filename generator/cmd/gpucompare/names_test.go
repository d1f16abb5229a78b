package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// nameWord is a generic word of provider and product names
// (templates/messages/glossary.yaml, name_words): "Cloud" is 云.
type nameWord struct {
	EN     string `yaml:"en"`
	ZH     string `yaml:"zh-CN"`
	Source string `yaml:"source"`
}

func readNameWords(t *testing.T, root string) []nameWord {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, "templates/messages/glossary.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		NameWords []nameWord `yaml:"name_words"`
	}
	if err := yaml.Unmarshal(src, &g); err != nil {
		t.Fatalf("glossary.yaml: %v", err)
	}
	for _, w := range g.NameWords {
		if w.EN == "" || w.ZH == "" || strings.TrimSpace(w.Source) == "" {
			t.Fatalf("glossary.yaml: name word %+v needs en, zh-CN and a source", w)
		}
	}
	if len(g.NameWords) == 0 {
		t.Fatal("glossary.yaml lists no name_words")
	}
	return g.NameWords
}

// nameBreaks returns the English words of name that the Chinese name zh
// breaks the rule with: a word in Latin letters the whitelist does not
// allow, and a generic word (words, longest first) whose Chinese zh does
// not write.
func nameBreaks(name, zh string, words []nameWord, allowed map[string]bool) []string {
	var out []string
	for _, w := range englishWords(zh, allowed) {
		out = append(out, "“"+w+"” stays in Latin letters, and zh-latin-words.yaml does not allow it")
	}
	rest := name
	for _, w := range words {
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(w.EN) + `\b`)
		if !re.MatchString(rest) {
			continue
		}
		rest = re.ReplaceAllString(rest, " ")
		if !strings.Contains(zh, w.ZH) {
			out = append(out, "“"+w.EN+"” is not written "+w.ZH)
		}
	}
	return out
}

// TestProviderNamesFollowTheChineseRule: the name of every provider and
// instance type of the shipped catalog, as the Chinese edition shows it
// (its i18n name, else its English), keeps in Latin letters only the
// brands and product names testdata/zh-latin-words.yaml allows, and
// writes each generic word of the English name (Cloud, Secure Cloud,
// Community Cloud) as the glossary's name_words say: RunPod Secure Cloud
// is RunPod 安全云, Crusoe Cloud is Crusoe 云.
func TestProviderNamesFollowTheChineseRule(t *testing.T) {
	const root = "../../.."
	allowed := latinWords(t)
	words := readNameWords(t, root)
	// Longest first, so Secure Cloud is read before its Cloud.
	for i := range words {
		for j := i + 1; j < len(words); j++ {
			if len(words[j].EN) > len(words[i].EN) {
				words[i], words[j] = words[j], words[i]
			}
		}
	}
	cat, rep := catalog.Load(os.DirFS(root))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	checked := 0
	for _, p := range cat.Providers {
		zh, _ := catalog.Text(p, "name", "zh-CN")
		for _, b := range nameBreaks(p.Name, zh, words, allowed) {
			t.Errorf("provider %s: %q in Chinese is %q: %s", p.ID, p.Name, zh, b)
		}
		for _, in := range p.Instances {
			zh, _ := catalog.Text(in, "name", "zh-CN")
			for _, b := range nameBreaks(in.Name, zh, words, allowed) {
				t.Errorf("instance type %s/%s: %q in Chinese is %q: %s", p.ID, in.ID, in.Name, zh, b)
			}
			checked++
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("checked %d names: the catalog was not read whole", checked)
	}
}

// TestNameBreaksFound: the rule finds a generic word left in English or
// written otherwise, and a brand the whitelist lacks.
func TestNameBreaksFound(t *testing.T) {
	words := []nameWord{{EN: "Secure Cloud", ZH: "安全云"}, {EN: "Cloud", ZH: "云"}}
	allowed := map[string]bool{"RunPod": true, "Open Telekom": true}
	for _, c := range []struct {
		en, zh string
		breaks int
	}{
		{"RunPod Secure Cloud", "RunPod 安全云", 0},
		{"RunPod Secure Cloud", "RunPod Secure Cloud", 3}, // Secure, Cloud in Latin letters; 安全云 not written
		{"RunPod Secure Cloud", "RunPod 云", 1},            // the tier's word lost
		{"Open Telekom Cloud", "Open Telekom 云", 0},
		{"Crusoe Cloud", "Crusoe 云", 1}, // a brand not allowed
		{"Lambda", "RunPod", 0},
	} {
		if got := nameBreaks(c.en, c.zh, words, allowed); len(got) != c.breaks {
			t.Errorf("%q as %q: %d breaks %q, want %d", c.en, c.zh, len(got), got, c.breaks)
		}
	}
}
