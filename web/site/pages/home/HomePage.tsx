import { useLoaderData } from 'react-router-dom';
import type { HomeLoaderData } from '../../lib/loaders';
import { ClosingCta } from './ClosingCta';
import { Hero } from './Hero';
import { Proof } from './Proof';
import { Services } from './Services';
import { Values } from './Values';

export function HomePage() {
  const { hero } = useLoaderData() as HomeLoaderData;
  return (
    <>
      <Hero hero={hero} />
      <Services />
      <Proof />
      <Values />
      <ClosingCta />
    </>
  );
}
