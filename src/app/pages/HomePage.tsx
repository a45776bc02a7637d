import { useLoaderData } from 'react-router-dom';
import { useOutsideBusinessHours } from '../../business-hours/useOutsideBusinessHours';
import type { PageData } from '../../content/types';
import { LandingPage } from '../../sections/landing/LandingPage';
import { useCampaignActive } from './useCampaignActive';

export default function HomePage() {
  const { landing } = useLoaderData() as Extract<PageData, { route: 'index' }>;
  const outsideBusinessHours = useOutsideBusinessHours();
  const showCampaign = useCampaignActive(landing.campaign);
  return (
    <LandingPage
      content={landing}
      showCampaign={showCampaign}
      outsideBusinessHours={outsideBusinessHours}
    />
  );
}
