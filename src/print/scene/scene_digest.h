#ifndef TP_SCENE_DIGEST_H
#define TP_SCENE_DIGEST_H

/* A scene's content as a SHA-256 input: what it draws (every shape, point,
 * text, layer, ink colour and name) and its page (name, trim, bleed,
 * margins), field by field, so padding never counts.  Two layouts of the
 * same art give the same digest (a placed symbol hashes as its shapes
 * copied there): `tilepress watch` rebuilds only the
 * sheets whose digest changed. */

#include "core/sha256.h"
#include "print/scene/scene.h"

void tp_scene_digest(const struct tp_scene *sc, struct tp_sha256 *h);

#endif
