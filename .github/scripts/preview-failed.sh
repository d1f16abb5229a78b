#!/usr/bin/env bash
# Tells a pull request that its latest commit has no preview: the run
# that was to build it failed. Run by preview-publish.yml and refresh.yml
# when a preview's run fails (the pull request's catalog check, main's
# build of its preview, or putting it online); tested by
# generator/cmd/prpreview (TestFailedPreviewComment).
#
#   preview-failed.sh PR SHA RUN_URL WHAT
#
# PR is the pull request's number, SHA the commit the run was for,
# RUN_URL the run that failed and WHAT what failed, in words. Nothing is
# said when the pull request is no longer open at SHA: a newer commit has
# a run of its own, whose comment this one must not replace. Otherwise
# the bot's comment (its last one, edited, as for a preview) becomes a
# note naming the commit and the run, so that it never goes on showing
# an earlier commit's preview and summary as if they were this one's,
# and the commit gets the status "preview", failed, linking the run.
# REPO is owner/name and GH_TOKEN the token of gh.
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: preview-failed.sh PR SHA RUN_URL WHAT" >&2
  exit 2
fi
pr=$1 sha=$2 run_url=$3 what=$4
case "$pr" in ''|0*|*[!0-9]*) echo "preview-failed.sh: pull request number '$pr' is not a number (digits, no leading zero)" >&2; exit 1;; esac
case "$sha" in *[!0-9a-f]*) sha=;; esac
if [ ${#sha} -ne 40 ] && [ ${#sha} -ne 64 ]; then
  echo "preview-failed.sh: '$2' is not a commit's full hash" >&2
  exit 1
fi
case "$run_url" in https://*) ;; *) echo "preview-failed.sh: the run's address '$run_url' is not https" >&2; exit 1;; esac
case "$run_url$what" in *[![:print:]]*|*'['*|*']'*|*'('*|*')'*) echo "preview-failed.sh: the run's address or WHAT holds a character a comment would read as markup" >&2; exit 1;; esac

state=$(gh api "repos/${REPO:?}/pulls/$pr" --jq '.state + " " + .head.sha')
if [ "$state" != "open $sha" ]; then
  echo "preview-failed.sh: pull request #$pr is not open at $sha ($state): its comment is left to the run of its latest commit"
  exit 0
fi

body=$(mktemp)
trap 'rm -f "$body"' EXIT
{
  printf '**No preview of %s**: %s failed ([the run](%s)).\n\n' "${sha:0:12}" "$what" "$run_url"
  printf 'This comment showed the preview and summary of an earlier commit; they are not this commit'"'"'s, so they are gone from here. The next push runs the preview again.\n'
} > "$body"
gh pr comment "$pr" --repo "$REPO" --body-file "$body" --edit-last ||
  gh pr comment "$pr" --repo "$REPO" --body-file "$body"
gh api "repos/$REPO/statuses/$sha" -f state=failure -f context=preview -f target_url="$run_url" \
  -f description="No preview of this commit: $what failed." >/dev/null
