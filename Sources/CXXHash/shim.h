// The one header ConsentCache needs from libxxhash (Debian libxxhash-dev, Homebrew xxhash).
#include <xxhash.h>
