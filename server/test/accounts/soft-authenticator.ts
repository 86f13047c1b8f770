/**
 * A passkey authenticator in software for the server's tests: an ES256 key, "none" attestation,
 * and the client data a browser would write (type, challenge, origin), each of which a test may
 * set wrong on purpose.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();
const b64 = (data: Uint8Array | string): string =>
  isoBase64URL.fromBuffer(Uint8Array.from(typeof data === "string" ? new TextEncoder().encode(data) : data));

export interface Ceremony {
  readonly origin?: string;
  readonly rpId?: string;
  readonly challenge?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly cose: Uint8Array;
  private counter = 0;
  userHandle = "";

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++this.counter);
    // User present and verified (0x01 | 0x04), attested credential data (0x40) on registration.
    const flags = Buffer.from([0x05 | (attested ? 0x40 : 0)]);
    const parts = [sha256(rpId), flags, counter];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), len, this.credentialId, Buffer.from(this.cose));
    }
    return Buffer.concat(parts);
  }

  /** What `startRegistration` gives the page for these options (`options` as the server sent them). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, ceremony: Ceremony & { origin: string }) {
    this.userHandle = options.user.id;
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge: ceremony.challenge ?? options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", this.authData(ceremony.rpId ?? options.rp.id!, true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestation), transports: ["internal"] },
    };
  }

  /** What `startAuthentication` gives the page for these options. */
  signIn(options: { challenge: string; rpId?: string }, ceremony: Ceremony & { origin: string }) {
    const clientData = JSON.stringify({
      type: "webauthn.get",
      challenge: ceremony.challenge ?? options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    });
    const authData = this.authData(ceremony.rpId ?? options.rpId!, false);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
    };
  }
}
