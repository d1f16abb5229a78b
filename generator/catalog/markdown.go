package catalog

import (
	"go.yaml.in/yaml/v3"

	"gpucompare/generator/mdlimit"
)

// markdownText names the text fields, by YAML key, that the site shows as
// Markdown: a guide outcome's and a scenario's advice.
var markdownText = map[string]bool{"advice": true}

// markdown holds the Markdown text n of the field key to the bounds of
// mdlimit, which content pages are held to too: a table of more cells
// than a page can show is refused at the field, naming its line in the
// text.
func (w *valueWalker) markdown(n *yaml.Node, key string) {
	if !markdownText[key] {
		return
	}
	if p, big := mdlimit.Table([]byte(n.Value), mdlimit.MaxTableCells); big {
		w.errorf(n, "%s, its line %d: %s", key, p.Line, p.Message)
	}
}
