#!/bin/sh
# install-deps.sh PKG... — installs the Debian/Ubuntu packages in the list that
# are missing: with apt-get as root, through sudo otherwise. It changes nothing
# when all are present, and says what to run when it cannot install.
set -eu
missing=""
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "install-deps: not a Debian/Ubuntu system; make sure these are installed: $*" >&2
	exit 0
fi
for p in "$@"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing$missing" >&2
if [ "$(id -u)" = 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "install-deps: missing$missing; run as root: apt-get install$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null
# shellcheck disable=SC2086
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends $missing >/dev/null
