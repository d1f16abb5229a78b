// Package refresh is the stage that downloads public price lists: it reads
// data/sources.yaml, fetches each listed URL with timeouts, bounded
// retries, conditional requests and a size cap, and keeps the saved copies
// and their validators in a cache folder it owns. It is the only package
// that touches the network; the importer reads what it saved.
package refresh

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/rootfs"
)

// SourcesFile is where a site root lists its price lists.
const SourcesFile = "data/sources.yaml"

// Sources is data/sources.yaml: the price lists of each provider.
type Sources struct {
	Sources []Source `yaml:"sources"`
}

// Source is the price list of one provider: its format and the files that
// make it up.
type Source struct {
	Provider string `yaml:"provider"`
	Format   string `yaml:"format"`
	// MaxSize caps each file's size; 0 means the command's default.
	MaxSize rootfs.Size `yaml:"max_size"`
	Files   []File      `yaml:"files"`
	// Secret, when the source's API wants a key, says which environment
	// variable holds it and how it is sent; nil for a public list.
	Secret *Secret `yaml:"-"`
	Line   int     `yaml:"-"`
	Col    int     `yaml:"-"`
}

// Key names a source among a provider's: its provider, format and the
// environment variables of its key. A provider may have two sources of
// one format only with different keys: its two sites' accounts (Alibaba
// Cloud's and Tencent Cloud's China and international sites).
func (s *Source) Key() string {
	k := s.Provider + " " + s.Format
	if s.Secret != nil {
		k += " " + s.Secret.IDEnv + " " + s.Secret.Env
	}
	return k
}

// File is one file of a price list: the public URL it is read from and
// the name its saved copy has under the provider's folder.
type File struct {
	Name string `yaml:"name"`
	URL  string `yaml:"url"`
	// Pages, for a paged format (azure-retail, gcp-billing), is how many
	// pages to read at most by following each page's link to the next; 0
	// or 1 reads the one page.
	Pages int `yaml:"pages"`
	// Body, when set, is a JSON request body (a GraphQL query): the file
	// is asked for with a POST of it instead of a GET.
	Body string `yaml:"body"`
	Line int    `yaml:"-"`
	Col  int    `yaml:"-"`
}

// ParseSources reads and checks data/sources.yaml: a provider listed once
// a format (it may have sources of several formats, its own price list
// last so that its points are the latest), known formats, absolute https
// URLs, and file names that are plain names, unique within the
// provider. name is the file's path for
// error messages; formats are the formats the importer reads.
func ParseSources(data []byte, name string, formats []string) (*Sources, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, &Error{File: name, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, &Error{File: name, Line: 1, Col: 1, Msg: "want a mapping with a sources: list"}
	}
	at := func(n *yaml.Node, format string, args ...any) error {
		return &Error{File: name, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
	}
	top := doc.Content[0]
	var list *yaml.Node
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if k.Value != "sources" {
			return nil, at(k, "unknown field %q: want sources", k.Value)
		}
		list = v
	}
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil, at(top, "want a sources: list of providers")
	}
	s := &Sources{}
	seen := map[string]int{}                      // Source.Key: line
	providerNames := map[string]map[string]bool{} // the file names of each provider
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			return nil, at(item, "want a provider's source: provider, format, files")
		}
		var src Source
		var files *yaml.Node
		for i := 0; i+1 < len(item.Content); i += 2 {
			k, v := item.Content[i], item.Content[i+1]
			switch k.Value {
			case "provider":
				src.Provider = v.Value
			case "format":
				src.Format = v.Value
			case "max_size":
				if err := src.MaxSize.Set(v.Value); err != nil {
					return nil, at(v, "max_size %q: %v", v.Value, err)
				}
			case "files":
				files = v
			case "secret":
				sec, err := parseSecret(v, at)
				if err != nil {
					return nil, err
				}
				src.Secret = sec
			default:
				return nil, at(k, "unknown field %q: want provider, format, max_size, secret or files", k.Value)
			}
		}
		src.Line, src.Col = item.Line, item.Column
		switch {
		case src.Provider == "":
			return nil, at(item, "no provider: want the id of a provider in data/providers")
		case seen[src.Key()] > 0:
			return nil, at(item, "provider %q is listed twice with format %q and the same key (first at line %d): want one entry a provider and format, or another account's key (a provider's other site)", src.Provider, src.Format, seen[src.Key()])
		case !slices.Contains(formats, src.Format):
			return nil, at(item, "provider %q: format %q: want one of %s", src.Provider, src.Format, strings.Join(formats, ", "))
		case Inquiry(src.Format) && (src.Secret == nil || src.Secret.Sign != inquiries[src.Format]):
			return nil, at(item, "provider %q: format %s asks a price inquiry API: want secret: {sign: %s, id_env: …, env: …}", src.Provider, src.Format, inquiries[src.Format])
		case files == nil || files.Kind != yaml.SequenceNode || len(files.Content) == 0:
			return nil, at(item, "provider %q: no files: want a list of files, each with name and url", src.Provider)
		}
		seen[src.Key()] = item.Line
		// The files of all a provider's sources share its cache folder.
		names := providerNames[src.Provider]
		if names == nil {
			names = map[string]bool{}
			providerNames[src.Provider] = names
		}
		for _, fn := range files.Content {
			if fn.Kind != yaml.MappingNode {
				return nil, at(fn, "provider %q: want a file with name, url and optional pages", src.Provider)
			}
			for i := 0; i < len(fn.Content); i += 2 {
				if k := fn.Content[i]; k.Value != "name" && k.Value != "url" && k.Value != "pages" && k.Value != "body" {
					return nil, at(k, "provider %q: unknown field %q: want name, url, pages or body", src.Provider, k.Value)
				}
			}
			var f File
			if err := fn.Decode(&f); err != nil {
				return nil, at(fn, "provider %q: want a file with name, url and optional pages: %v", src.Provider, strings.TrimPrefix(err.Error(), "yaml: "))
			}
			f.Line, f.Col = fn.Line, fn.Column
			if err := checkFile(f, src.Format, names); err != nil {
				return nil, at(fn, "provider %q: %v", src.Provider, err)
			}
			names[f.Name] = true
			src.Files = append(src.Files, f)
		}
		s.Sources = append(s.Sources, src)
	}
	return s, nil
}

func checkFile(f File, format string, names map[string]bool) error {
	switch {
	case f.Name == "" || f.Name != path.Base(f.Name) || strings.HasPrefix(f.Name, ".") || strings.ContainsAny(f.Name, `\:`):
		return fmt.Errorf("file name %q: want a plain file name such as vms.csv", f.Name)
	case names[f.Name]:
		return fmt.Errorf("file name %q is used twice: want one name a file of the provider", f.Name)
	case f.Pages < 0 || f.Pages > 1000:
		return fmt.Errorf("pages %d: want 1 to 1000", f.Pages)
	case f.Pages > 1 && !Paged(format):
		return fmt.Errorf("pages: only azure-retail and gcp-billing pages link to a next page")
	case f.Body != "" && !json.Valid([]byte(f.Body)):
		return fmt.Errorf("body: want a JSON request body such as {\"query\": \"…\"}")
	}
	u, err := url.Parse(f.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return fmt.Errorf("url %q: want an absolute https:// URL (refresh downloads over https only)", f.URL)
	}
	return checkInquiryFile(f, format)
}

// Error is a mistake in data/sources.yaml, at its line and column (0 when
// unknown).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Find gives the first source of a provider, or nil.
func (s *Sources) Find(provider string) *Source {
	for i := range s.Sources {
		if s.Sources[i].Provider == provider {
			return &s.Sources[i]
		}
	}
	return nil
}
