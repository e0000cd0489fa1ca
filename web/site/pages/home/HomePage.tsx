import { ClosingCta } from './ClosingCta';
import { Hero } from './Hero';
import { Proof } from './Proof';
import { Services } from './Services';
import { Values } from './Values';

export function HomePage() {
  return (
    <>
      <Hero />
      <Services />
      <Proof />
      <Values />
      <ClosingCta />
    </>
  );
}
