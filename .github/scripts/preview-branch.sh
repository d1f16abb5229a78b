#!/usr/bin/env bash
# Puts a preview online, or takes it down: the folder pr-<n>/ of the
# branch gh-pages-previews, which pages.yml deploys beside main's site.
# Run by preview-publish.yml and refresh.yml with what main's code built;
# tested by generator/cmd/prpreview (TestPublishStep).
#
#   preview-branch.sh PR publish SITE_DIR
#   preview-branch.sh PR remove [SITE_DIR]
#
# (remove reads no SITE_DIR: a workflow may pass the same words for both.)
# REMOTE is the repository to push to (default: this repository on
# GitHub, with GH_TOKEN; or, when PREVIEW_REPOSITORY names another
# repository, owner/name, that one, with PREVIEW_TOKEN); PREVIEW_BRANCH
# the branch (default gh-pages-previews). A separate repository serves
# the branch itself (Pages from a branch), so the branch then gets a
# .nojekyll. Works in a new folder of its own.
#
# Previews are bounded: a preview of more than PREVIEW_MAX_BYTES bytes of
# files (default 100 MiB, two and a half times the shipped site) is
# refused, and the branch keeps the PREVIEW_MAX (default 8) previews
# published last, dropping the oldest: with main's site, at most about
# 840 MB, under the 1 GB a GitHub Pages site may have. previews.txt, at
# the branch's root (pages.yml deploys only the folders pr-<n>/), lists
# the previews from the one published first to the one published last; a
# folder it does not list counts as older than every listed one.
set -euo pipefail

pr=${1:-} action=${2:-} site=${3:-}
case "$pr" in ''|*[!0-9]*) echo "preview-branch.sh: pull request number '$pr' is not a number" >&2; exit 2;; esac
case "$action" in
  publish) [ -d "$site" ] || { echo "preview-branch.sh: no site folder '$site'" >&2; exit 2; } ;;
  remove) ;;
  *) echo "preview-branch.sh: unknown action '$action': publish or remove" >&2; exit 2;;
esac
branch=${PREVIEW_BRANCH:-gh-pages-previews}
separate=${PREVIEW_REPOSITORY:-}
if [ -n "$separate" ]; then
  case "$separate" in
    [A-Za-z0-9]*/[A-Za-z0-9]*) ;;
    *) echo "preview-branch.sh: PREVIEW_REPOSITORY '$separate' is not owner/name" >&2; exit 2;;
  esac
  case "$separate" in *[!A-Za-z0-9._/-]*|*/*/*|*..*) echo "preview-branch.sh: PREVIEW_REPOSITORY '$separate' is not owner/name" >&2; exit 2;; esac
  remote=${REMOTE:-https://x-access-token:${PREVIEW_TOKEN:?PREVIEW_TOKEN or REMOTE is needed}@github.com/$separate.git}
else
  remote=${REMOTE:-https://x-access-token:${GH_TOKEN:?GH_TOKEN or REMOTE is needed}@github.com/${GITHUB_REPOSITORY:?}.git}
fi
max_previews=${PREVIEW_MAX:-8}
max_bytes=${PREVIEW_MAX_BYTES:-104857600}
case "$max_previews$max_bytes" in *[!0-9]*) echo "preview-branch.sh: PREVIEW_MAX and PREVIEW_MAX_BYTES are numbers" >&2; exit 2;; esac
if [ "$max_previews" -lt 1 ]; then echo "preview-branch.sh: PREVIEW_MAX must be at least 1" >&2; exit 2; fi
if [ "$action" = publish ]; then
  site=$(cd "$site" && pwd)
  bytes=$(find "$site" -type f -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }')
  if [ "$bytes" -gt "$max_bytes" ]; then
    echo "preview-branch.sh: pr-$pr: the preview has $bytes bytes of files, more than the $max_bytes a preview may have: not published" >&2
    exit 1
  fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# update makes one attempt: the branch as it is now, with pr-<n>/ put or
# removed, pushed without force; a push that lost a race fails.
update() {
  rm -rf "$work/branch"
  git init -q "$work/branch"
  cd "$work/branch"
  git config user.name "github-actions[bot]"
  git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
  if git ls-remote --exit-code --heads "$remote" "$branch" >/dev/null; then
    git fetch -q --depth=1 "$remote" "$branch"
    git checkout -q -b "$branch" FETCH_HEAD
  else
    git checkout -q --orphan "$branch"
  fi
  rm -rf "pr-$pr"
  if [ "$action" = publish ]; then
    cp -R "$site" "pr-$pr"
  fi
  prune
  if [ -n "$separate" ]; then
    : > .nojekyll # served as it is, not run through Jekyll
  fi
  git add -A
  if git diff --cached --quiet; then
    echo "pr-$pr: nothing changed"
    return 0
  fi
  git commit -q -m "preview of #$pr: $action"
  git push -q "$remote" "HEAD:refs/heads/$branch"
}

# prune rewrites previews.txt, oldest first, with pr-<n>/ last when it
# was published and left out when it was removed, and removes the oldest
# previews beyond max_previews.
prune() {
  local order=() listed=() keep=() n i
  [ -f previews.txt ] && mapfile -t listed < <(grep -x '[0-9][0-9]*' previews.txt)
  for dir in pr-*/; do
    n=${dir#pr-}
    n=${n%/}
    case "$n" in ''|*[!0-9]*) continue;; esac
    if [ "$n" != "$pr" ] && ! printf '%s\n' "${listed[@]}" | grep -qx "$n"; then
      order+=("$n")
    fi
  done
  if [ ${#order[@]} -gt 0 ]; then
    mapfile -t order < <(printf '%s\n' "${order[@]}" | sort -n)
  fi
  for n in "${listed[@]}"; do
    if [ "$n" != "$pr" ] && [ -d "pr-$n" ] && ! printf '%s\n' "${order[@]}" | grep -qx "$n"; then
      order+=("$n")
    fi
  done
  if [ "$action" = publish ]; then order+=("$pr"); fi
  for ((i = 0; i < ${#order[@]}; i++)); do
    if [ $((${#order[@]} - i)) -gt "$max_previews" ]; then
      rm -rf "pr-${order[i]}"
      echo "pr-${order[i]}: dropped, older than the $max_previews previews published last"
    else
      keep+=("${order[i]}")
    fi
  done
  if [ ${#keep[@]} -eq 0 ]; then
    rm -f previews.txt
  else
    printf '%s\n' "${keep[@]}" > previews.txt
  fi
}

# Previews of other pull requests are pushed at the same time: a push
# that lost the race starts again from the branch as it is then.
for attempt in 1 2 3 4 5; do
  if (update); then
    exit 0
  fi
  echo "pr-$pr: attempt $attempt did not push; again from the branch as it is now" >&2
  sleep "$attempt"
done
echo "preview-branch.sh: pr-$pr: not pushed after 5 attempts" >&2
exit 1
