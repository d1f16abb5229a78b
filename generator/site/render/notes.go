package render

import (
	"strings"

	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/note"
	"gpucompare/generator/pricing"
)

// NoteMessages are the prefixes of the messages that word the notes the
// stages compute, with the codes each prefix words: a message
// prefix+code for every code, in every language.
func NoteMessages() map[string][]string {
	return map[string][]string{
		"exports.basis.":          pricing.BasisCodes,
		"bench.not_costed.":       bench.NotCostedCodes,
		"exports.not_costed.":     bench.NotCostedCodes,
		"bench.flag.":             bench.FlagCodes,
		"exports.flag.":           bench.FlagCodes,
		"instance.claim_verdict.": catalog.ClaimVerdictCodes,
	}
}

// Note words n with the message prefix+n.Code: a note.Count or a float64
// argument is written as a figure (formatNum: 1,024), a note.Note as
// the note it is, by the same prefix, any other as it is.
func (m Messages) Note(prefix string, n note.Note) (string, error) {
	if len(n.Args) == 0 {
		return m.T(prefix + n.Code)
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		switch a := a.(type) {
		case note.Count:
			args[i] = FormatNum(int(a))
		case float64:
			args[i] = FormatNum(a)
		case note.Note: // a note within, worded by the same prefix
			s, err := m.Note(prefix, a)
			if err != nil {
				return "", err
			}
			args[i] = s
		default:
			args[i] = a
		}
	}
	return m.T(prefix+n.Code, args...)
}

// Notes words ns one after the other, as note does, joined by sep.
func (m Messages) Notes(prefix string, ns []note.Note, sep string) (string, error) {
	if len(ns) == 1 {
		return m.Note(prefix, ns[0])
	}
	words := make([]string, len(ns))
	for i, n := range ns {
		s, err := m.Note(prefix, n)
		if err != nil {
			return "", err
		}
		words[i] = s
	}
	return strings.Join(words, sep), nil
}
