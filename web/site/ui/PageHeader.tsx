import { container } from './styles';

/** The dark banner at the top of the inner pages. */
export function PageHeader({ title, description }: { title: string; description: string }) {
  return (
    <section className="bg-navy-900 py-16 text-white sm:py-20">
      <div className={container}>
        <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-steel-200">{description}</p>
      </div>
    </section>
  );
}
