export default function Index() {
  return <p>Olá</p>;
}
