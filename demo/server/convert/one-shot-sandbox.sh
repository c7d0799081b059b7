#!/bin/sh
# Runs one command in a root of its own: the system's program directories read-only, a fresh /proc
# (its own PID namespace), /dev, and the conversion's directory as /tmp/job; nothing else of the
# machine (no home, no data directory, no other temp files, no server environment in /proc).
# Started by soffice-one-shot.ts as `unshare --mount --net --pid --fork --kill-child -- sh this ROOT JOB EXTRA cmd...`
# so it has no network either; every mount vanishes with the namespace.
#   ROOT  an empty directory to build the new root in
#   JOB   the directory the command may read and write (mounted as /tmp/job)
#   EXTRA a directory outside the usual ones that holds the program (an ESIGN_SOFFICE install), or "-"
set -eu
root=$1 job=$2 extra=$3
shift 3
mount --make-rprivate /
mount -t tmpfs -o mode=755,size=16m esign-one-shot "$root"
readonly_bind() {
  mkdir -p "$root$1"
  mount --rbind "$1" "$root$1"
  mount -o remount,bind,ro "$root$1"
}
for dir in /usr /bin /sbin /lib /lib32 /lib64 /libx32 /etc; do
  if [ -L "$dir" ]; then
    ln -s "$(readlink "$dir")" "$root$dir"
  elif [ -d "$dir" ]; then
    readonly_bind "$dir"
  fi
done
if [ "$extra" != "-" ]; then readonly_bind "$extra"; fi
# What root could read in /etc that a document has no business reading.
for secret in /etc/shadow /etc/gshadow /etc/shadow- /etc/gshadow-; do
  if [ -f "$secret" ]; then mount --bind /dev/null "$root$secret"; fi
done
if [ -d /etc/ssl/private ]; then mount -t tmpfs -o size=1k,mode=700 none "$root/etc/ssl/private"; fi
mkdir -p "$root/dev" "$root/proc" "$root/tmp/job"
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
chmod 1777 "$root/tmp"
mount --bind "$job" "$root/tmp/job"
cd /
exec chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp/job TMPDIR=/tmp/job/tmp LANG=C.UTF-8 "$@"
