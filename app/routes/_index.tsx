export default function Landing() {
  return <h1>Secure Client Communication Made Simple</h1>;
}
