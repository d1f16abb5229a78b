package compare

import "gpucompare/generator/site/render"

// citeSeg is a run of a source's words, or a link (H) named by T, as the
// matrix script draws it; En marks the catalog's English on a page in
// another language, as the page marks it.
type citeSeg struct {
	T  string `json:"t"`
	H  string `json:"h,omitempty"`
	En bool   `json:"en,omitempty"`
	Q  string `json:"q,omitempty"` // the words a seed guide's citation quotes, after T
}

// fxCites are the sources of the exchange rates as the page renders them
// (render.Messages.Cite: a news agency's credit in the page's language),
// by the rate's source text, so that the rates the script draws read as
// the page's own.
func fxCites(msgs render.Messages, sources []string) map[string][][]citeSeg {
	out := map[string][][]citeSeg{}
	for _, s := range sources {
		if _, ok := out[s]; ok || s == "" {
			continue
		}
		var cs [][]citeSeg
		for _, c := range msgs.Cite(s) {
			var segs []citeSeg
			for _, p := range c {
				switch {
				case p.URL != "":
					segs = append(segs, citeSeg{T: p.Label, H: p.URL, En: true})
				default:
					segs = append(segs, citeSeg{T: p.Text, En: !p.Native, Q: p.Quote})
				}
			}
			cs = append(cs, segs)
		}
		out[s] = cs
	}
	return out
}
