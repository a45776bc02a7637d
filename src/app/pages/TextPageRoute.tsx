import { useLoaderData } from 'react-router-dom';
import type { PageData } from '../../content/types';
import { TextPage } from '../../sections/text-page/TextPage';

export default function TextPageRoute() {
  const { page } = useLoaderData() as Exclude<PageData, { route: 'index' }>;
  return <TextPage page={page} />;
}
