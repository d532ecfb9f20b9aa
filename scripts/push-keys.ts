/*
 * `npm run push:keys`: a fresh VAPID key pair for web push (issue 21), printed as the lines
 * to put in .env (or `fly secrets set`). Keep the pair: browsers subscribe with the public
 * key, and a new pair makes every existing subscription refuse the server's pushes.
 */
import webpush from "web-push";

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
console.log("# Who push services may contact about this server's pushes: a mailto: or https: URL.");
console.log("VAPID_SUBJECT=mailto:you@your-agency.example");
