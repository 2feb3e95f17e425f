# Reproduces CI in a container: Debian 12 with Node 20 and nothing else, as on a fresh machine.
# `npm test` (run by .ci/run) installs Chromium, PostgreSQL and nginx from Debian's packages itself.
#
#   docker build -t kadry-ci . && docker run --rm kadry-ci
#
# No Docker at hand? Any Debian 12 machine or VM with Node 20 and root does the same: bash .ci/run
FROM node:20-bookworm
# The lockfile is written by npm 11 (Node 20 ships npm 10).
RUN npm install -g npm@11
WORKDIR /kadry
COPY . .
CMD ["bash", ".ci/run"]
